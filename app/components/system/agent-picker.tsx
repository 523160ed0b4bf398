import { clsx } from "clsx";
import { useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { controlClass } from "../ui/input";
import { Select, type SelectOption } from "../ui/select";

interface AgentPickerProps {
  id: string;
  name: string;
  /** The stored agent id ("" when none). */
  initial: string;
  options: SelectOption[];
  invalid: boolean;
  describedBy: string;
  autoFocus?: boolean;
}

const MAX_SHOWN = 50;

/**
 * Picks a square agent by name. Without JavaScript it is a native select (the page's search form above
 * narrows its options); with JavaScript a combobox: type to filter, arrows and Enter to choose, Escape to
 * close. Either way the form posts the agent's id under `name`.
 */
export function AgentPicker({ id, name, initial, options, invalid, describedBy, autoFocus }: AgentPickerProps) {
  const hydrated = useHydrated();
  const listId = useId();
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? "";
  const [value, setValue] = useState(initial);
  const [query, setQuery] = useState(() => (initial ? labelOf(initial) : ""));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  if (!hydrated) {
    return (
      <Select
        id={id}
        name={name}
        defaultValue={initial}
        options={options}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
        className="max-w-md"
      />
    );
  }

  const needle = query.trim().toLowerCase();
  // While the box shows the chosen agent's own name, list everything: the user is browsing, not searching.
  const searching = needle !== "" && query !== labelOf(value);
  const shown = options.filter((o) => !searching || o.label.toLowerCase().includes(needle)).slice(0, MAX_SHOWN);
  const choose = (option: SelectOption) => {
    setValue(option.value);
    setQuery(option.value ? option.label : "");
    setOpen(false);
  };

  return (
    <div className="relative max-w-md">
      <input type="hidden" name={name} value={value} />
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder="输入名称搜索广场上的智能体"
        value={query}
        className={clsx(controlClass, "h-9 w-full")}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          // Leaving the box with a half-typed name keeps the last real choice, shown by its name.
          setQuery(value ? labelOf(value) : "");
        }}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, shown.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === "Enter" && open) {
            e.preventDefault();
            const option = shown[active];
            if (option) choose(option);
          } else if (e.key === "Escape") setOpen(false);
        }}
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="智能体"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {shown.length === 0 ? (
            <p className="px-3 py-2 text-gray-500">没有匹配的智能体</p>
          ) : (
            shown.map((option, index) => (
              <div
                key={option.value}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={option.value === value}
                className={clsx(
                  "cursor-pointer px-3 py-2",
                  index === active ? "bg-primary-50 text-primary-700" : "text-gray-800",
                )}
                // mousedown, not click: it comes before the input's blur, which would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                {option.label}
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
