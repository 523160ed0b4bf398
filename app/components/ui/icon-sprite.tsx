import type { LucideIcon } from "lucide-react";

/**
 * Icons repeated on every row of a long list (a card's star and menu, a row's menu), drawn once per page as
 * <symbol>s and shown with <use>. A lucide icon is several elements and about 450 bytes of markup each time it
 * renders, so 24 agent cards with their no-JavaScript menus spent a large part of the page's server render on
 * 235 copies of a dozen icons. The list renders `<SpriteSymbols>` once; `<SpriteIcon>` looks the same as the
 * lucide icon: the stroke is the text colour, and a `fill-…` class fills it. Its class gives it its size.
 */
export interface IconSprite<K extends string> {
  /** Prefix of the symbols' ids: unique on the page. */
  prefix: string;
  icons: Record<K, LucideIcon>;
}

export const iconSprite = <K extends string>(prefix: string, icons: Record<K, LucideIcon>): IconSprite<K> => ({
  prefix,
  icons,
});

export function SpriteSymbols<K extends string>({ sprite }: { sprite: IconSprite<K> }) {
  return (
    <svg className="hidden" aria-hidden="true">
      {(Object.keys(sprite.icons) as K[]).map((name) => {
        const Shape: LucideIcon = sprite.icons[name];
        // Lucide's stroke (the current colour, 2 wide, rounded); the fill comes from the <use> site.
        return (
          <symbol key={name} id={`${sprite.prefix}-${name}`} viewBox="0 0 24 24">
            <Shape fill="inherit" />
          </symbol>
        );
      })}
    </svg>
  );
}

export function SpriteIcon<K extends string>({
  sprite,
  name,
  className,
}: {
  sprite: IconSprite<K>;
  name: K;
  /** Its size (e.g. size-4), colour and fill. */
  className: string;
}) {
  return (
    <svg viewBox="0 0 24 24" fill="none" className={className} aria-hidden="true">
      <use href={`#${sprite.prefix}-${name}`} />
    </svg>
  );
}
