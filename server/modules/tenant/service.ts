import { freshLink } from "#contract/icons";
import type { Deps } from "#server/core";
import { type PublicTenantConfig, secretTenantFields, type TenantConfig, tenantConfigSchema } from "./contract";
import { settingsDerived } from "./repo";

export const APP_VERSION = "0.1.0";

/**
 * Stored overrides merged over the defaults; an override that no longer validates falls back to its default.
 * Validated once per cached read of the row (every session check asks for `authExpire`), so the answer is shared
 * by its callers and frozen: a caller that wants to change it copies it.
 */
export function getTenantConfig(deps: Deps, tenantId: number): Promise<Readonly<TenantConfig>> {
  return settingsDerived(deps.db, tenantId, (stored) => deepFreeze(validSettings(stored)));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

function validSettings(stored: Record<string, unknown>): TenantConfig {
  const merged = tenantConfigSchema.safeParse(stored);
  if (merged.success) return merged.data;
  const defaults = tenantConfigSchema.parse({});
  const clean: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(stored)) {
    const field = tenantConfigSchema.shape[key as keyof TenantConfig];
    if (field?.safeParse(value).success) clean[key] = value;
  }
  return tenantConfigSchema.parse(clean);
}

/** The settings that hold a picture: an uploaded one is stored as its signed link, which expires. */
export const tenantPictures = ["siteLogo", "faviconUrl", "loginBanner", "squareBanner"] as const;

/** The picture settings as answered: links to our uploads signed afresh (see freshLink). */
export const freshPictures = (config: TenantConfig) =>
  Object.fromEntries(tenantPictures.map((name) => [name, freshLink(config[name])])) as Pick<
    TenantConfig,
    (typeof tenantPictures)[number]
  >;

/**
 * The settings anyone may read. For a signed-in caller `{{USER_NAME}}` in the home slogan becomes their name: the
 * original client renders the slogan as HTML, so characters that could start markup are left out of the name.
 */
export function toPublicConfig(config: TenantConfig, userName?: string): PublicTenantConfig {
  const copy: Record<string, unknown> = { ...config };
  for (const key of secretTenantFields) delete copy[key];
  const homeSlogan =
    userName === undefined
      ? config.homeSlogan
      : config.homeSlogan.replaceAll("{{USER_NAME}}", userName.replace(/[<>&"'`]/g, ""));
  return {
    ...(copy as Omit<TenantConfig, (typeof secretTenantFields)[number]>),
    ...freshPictures(config),
    homeSlogan,
    version: APP_VERSION,
    captchaAccessKeyId: "",
    captchaPrefix: "",
    captchaSceneId: "",
    templateConfig: null,
  };
}
