import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "../ui/button";
import { Input } from "../ui/input";
import { Select, type SelectOption } from "../ui/select";

export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  /** The first option should be the "all" one, with value "". */
  options: readonly SelectOption[];
}

interface FilterFormProps {
  selects: FilterSelect[];
  kw: string;
  kwPlaceholder: string;
  /** The page without any filter, for 重置. */
  resetTo: string;
}

/** Filters as a GET form: they live in the query string, so they work without JavaScript and survive reloads. */
export function FilterForm({ selects, kw, kwPlaceholder, resetTo }: FilterFormProps) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      {selects.map((s) => (
        <div key={s.name} className="flex flex-col gap-1 text-[13px] text-gray-600">
          <label htmlFor={`filter-${s.name}`}>{s.label}</label>
          <Select id={`filter-${s.name}`} name={s.name} defaultValue={s.value} options={s.options} className="w-32" />
        </div>
      ))}
      <div className="flex flex-col gap-1 text-[13px] text-gray-600">
        <label htmlFor="filter-kw">关键词</label>
        <Input
          id="filter-kw"
          type="search"
          name="kw"
          defaultValue={kw}
          maxLength={64}
          placeholder={kwPlaceholder}
          className="w-64"
        />
      </div>
      <Button type="submit" variant="secondary">
        <Search className="size-4" aria-hidden />
        搜索
      </Button>
      <Link to={resetTo} className={buttonClass("ghost")}>
        重置
      </Link>
    </Form>
  );
}
