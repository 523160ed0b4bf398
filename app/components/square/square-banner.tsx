import { imageSrc } from "#app/lib/image-src";
import type { PublicTenantConfig } from "#contract/api/tenant";

type BannerSettings = Pick<
  PublicTenantConfig,
  "squareBanner" | "squareBannerText" | "squareBannerSubText" | "squareBannerLinkUrl"
>;

/** The tenant's banner: its picture (when set) behind the title and sub-title; the whole banner links out when set. */
export function SquareBanner({ tenant }: { tenant: BannerSettings | undefined }) {
  const title = tenant?.squareBannerText || "人人都是智能设计师";
  const subtitle = tenant?.squareBannerSubText || "发现、收藏并使用大家发布的智能体";
  const image = imageSrc(tenant?.squareBanner);
  const body = (
    <div
      className="flex min-h-32 flex-col justify-center gap-1 rounded-card bg-gradient-to-r from-primary-600 to-primary-500 bg-center bg-cover px-8 py-6 text-white"
      style={image ? { backgroundImage: `url(${JSON.stringify(image)})` } : undefined}
    >
      <p className="font-semibold text-2xl">{title}</p>
      <p className="text-white/85">{subtitle}</p>
    </div>
  );
  const link = tenant?.squareBannerLinkUrl;
  if (!link || !/^https?:\/\//.test(link)) return body;
  return (
    <a href={link} target="_blank" rel="noreferrer noopener" className="block">
      {body}
    </a>
  );
}
