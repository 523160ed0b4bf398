import { clsx } from "clsx";
import { Star } from "lucide-react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { type IconSprite, SpriteIcon } from "../ui/icon-sprite";

/** The resource route that favourites published plugins and workflows (routes/resources/favourite.ts). */
export const FAVOURITE_ACTION = "/resources/favourite";

/** What an action answers a fetcher that posted with `stay` (with JavaScript); without it the page redirects. */
export interface FavouriteReply {
  ok: boolean;
  collected?: boolean;
  message?: string;
}

interface FavouriteToggleProps {
  /** Keys the fetcher, so two cards of one item share their state. */
  id: string;
  name: string;
  collected: boolean;
  /** Hidden fields naming the item (and where to come back to without JavaScript). */
  fields: Record<string, string | number>;
  /** The action to post to; the current route's when left out. */
  action?: string;
  /** The publication's favourite count as loaded; shown next to the star, moved by the caller's own toggle. */
  count?: number;
  /** A long list's sprite holding the star (drawn once by the list), instead of a star of its own per toggle. */
  starSprite?: IconSprite<"Star">;
}

/**
 * 收藏 as a small form: without JavaScript it posts and the page comes back (redirect); with it a fetcher
 * posts with `stay` and the star flips at once (the server's answer wins when it arrives).
 */
export function FavouriteToggle({
  id,
  name,
  collected: loaded,
  fields,
  action,
  count,
  starSprite,
}: FavouriteToggleProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FavouriteReply>({ key: `favourite-${id}` });
  const pending = fetcher.formData?.get("intent");
  const collected = pending ? pending === "collect" : (fetcher.data?.collected ?? loaded);
  const shownCount =
    count === undefined ? undefined : Math.max(0, count + (collected === loaded ? 0 : collected ? 1 : -1));
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value={collected ? "uncollect" : "collect"} />
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={collected}
        aria-label={`${collected ? "取消收藏" : "收藏"}「${name}」`}
        className={clsx(
          "inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-[13px] hover:bg-gray-100",
          collected ? "text-warning-500" : "text-gray-500",
        )}
      >
        {starSprite ? (
          <SpriteIcon sprite={starSprite} name="Star" className={collected ? "size-4 fill-current" : "size-4"} />
        ) : (
          <Star className="size-4" aria-hidden fill={collected ? "currentColor" : "none"} />
        )}
        <span>{shownCount === undefined ? (collected ? "已收藏" : "收藏") : `收藏 ${shownCount}`}</span>
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
