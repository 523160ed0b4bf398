/** What other modules may use of tenants: their stored settings, and creating the first tenant at seed time. */
export { countTenants, findTenantConfigValues, insertTenant, saveTenantConfigValues } from "./repo";
