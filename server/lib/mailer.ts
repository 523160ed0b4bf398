import type { Config } from "../config";
import type { TenantConfig } from "../modules/tenant/contract";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** SMTP from the tenant's settings, else from the environment; null when neither is set. */
export function mailTransport(config: Config, tenant: TenantConfig) {
  const host = tenant.smtpHost || config.SMTP_HOST;
  if (!host) return null;
  const port = tenant.smtpHost ? tenant.smtpPort : config.SMTP_PORT;
  const user = tenant.smtpHost ? tenant.smtpUsername : config.SMTP_USER;
  const pass = tenant.smtpHost ? tenant.smtpPassword : config.SMTP_PASS;
  const from = tenant.smtpFrom || config.SMTP_FROM || user || `no-reply@${host}`;
  const options = {
    host,
    port,
    secure: config.SMTP_SECURE ?? port === 465,
    auth: user ? { user, pass } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  };
  return {
    send: async (mail: Mail) => {
      // Loaded with the first mail, not at every start (idle memory, issue 16).
      const { default: nodemailer } = await import("nodemailer");
      return nodemailer.createTransport(options).sendMail({ from, ...mail });
    },
  };
}
