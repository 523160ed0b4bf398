import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "./button";
import { Input } from "./input";

/**
 * A list page's search box: a plain GET form (works without JavaScript) that keeps the page's other filters as
 * hidden fields. `keep` holds only the filters that differ from their defaults, so the URL stays short.
 */
export function ListSearch({
  keep,
  kw,
  label,
}: {
  keep: Record<string, string | null>;
  kw: string | undefined;
  label: string;
}) {
  return (
    <Form method="get" role="search" className="ml-auto flex w-72 gap-2">
      {Object.entries(keep).map(([name, value]) =>
        value === null ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <Input type="search" name="kw" defaultValue={kw} maxLength={64} placeholder={label} aria-label={label} />
      <Button type="submit" variant="secondary" aria-label="搜索">
        <Search className="size-4" aria-hidden />
      </Button>
    </Form>
  );
}
