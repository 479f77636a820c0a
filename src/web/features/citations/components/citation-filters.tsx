import { FilterX, Search } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { MAX_CITATION_TEXT_LENGTH } from "../../../../core/api-query.ts";
import type { CitationCategories } from "../../../../core/api-types.ts";
import {
  type CitationFilters,
  hasCitationFilters,
  MAX_URL_TAG_LENGTH,
  parseKindParam,
} from "../../../../core/citation-url-state.ts";
import { formatCount } from "../../../../core/format.ts";
import {
  HARM_FILTERS,
  type HarmFilter,
  INSPECTION_TYPE_LABELS,
  INSPECTION_TYPES,
  isInspectionType,
  SURVEY_KIND_FILTER_LABELS,
  SURVEY_KINDS,
} from "../../../../core/inspections.ts";
import { parseHarmParam } from "../../../../core/url-state.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { MultiSelect } from "../../../components/ui/multi-select.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { HARM_FILTER_LABELS } from "../../../lib/inspection-labels.ts";
import type { CitationField } from "../lib/citation-format.ts";

/** The fields typed into: they apply together, on Enter, with Search, or with a change of a menu. */
type TypedFields = Pick<CitationFilters, "tag" | "from" | "to" | "q">;

function typedFields(filters: CitationFilters): TypedFields {
  return { tag: filters.tag, from: filters.from, to: filters.to, q: filters.q };
}

export function CitationFilterForm({
  filters,
  categories,
  states,
  entities,
  errors,
  onApply,
  onClear,
}: {
  filters: CitationFilters;
  categories: CitationCategories["categories"];
  states: readonly string[];
  entities: readonly string[];
  /** The API's refusal, under the field it names. */
  errors: Partial<Record<CitationField, string>>;
  onApply: (filters: CitationFilters) => void;
  onClear: () => void;
}) {
  const id = useId();
  // What is typed stays a draft until applied; a change of the address (Clear filters, a cleaned-up value) shows.
  const applied = JSON.stringify(typedFields(filters));
  const [draft, setDraft] = useState<TypedFields>(() => typedFields(filters));
  useEffect(() => setDraft(JSON.parse(applied) as TypedFields), [applied]);

  const apply = (change: Partial<CitationFilters> = {}) => onApply({ ...filters, ...draft, ...change });
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply();
  }

  const named = useMemo(
    () => categories.filter((entry): entry is typeof entry & { category: string } => entry.category !== null),
    [categories],
  );
  const tags = useMemo(
    () =>
      categories
        .flatMap((entry) => entry.tags)
        .sort((a, b) => a.tag.localeCompare(b.tag))
        .filter((tag, index, all) => index === 0 || all[index - 1]?.tag !== tag.tag),
    [categories],
  );
  // A category of the address that the list does not hold (yet) is still shown as chosen.
  const categoryChoices =
    filters.category === "" || named.some((entry) => entry.category === filters.category)
      ? named
      : [...named, { category: filters.category, citations: null, tags: [] }];

  const field = (name: CitationField) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <section
      aria-label="Citation filters"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <form onSubmit={handleSubmit} className="flex flex-wrap items-start gap-x-3 gap-y-3" noValidate>
        <Field label="Tag" htmlFor={`${id}-tag`} error={errors.tag} errorId={`${id}-tag-error`}>
          <Input
            {...field("tag")}
            className="w-28"
            value={draft.tag}
            maxLength={MAX_URL_TAG_LENGTH}
            placeholder={filters.type === "fire" ? "K353" : "F689"}
            list={`${id}-tags`}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft((d) => ({ ...d, tag: event.target.value }))}
          />
          <datalist id={`${id}-tags`}>
            {tags.map((tag) => (
              <option key={tag.tag} value={`${tag.prefix}${tag.tag}`}>
                {tag.description ?? ""}
              </option>
            ))}
          </datalist>
        </Field>
        <Field label="Inspection" htmlFor={`${id}-type`} error={errors.type} errorId={`${id}-type-error`}>
          <NativeSelect
            {...field("type")}
            className="w-56"
            value={filters.type}
            // Each type has categories of its own: another type starts without one.
            onChange={(event) =>
              apply({
                type: isInspectionType(event.target.value) ? event.target.value : "health",
                category: "",
              })
            }
          >
            {INSPECTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {INSPECTION_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label="Category"
          htmlFor={`${id}-category`}
          error={errors.category}
          errorId={`${id}-category-error`}
        >
          <NativeSelect
            {...field("category")}
            className="w-80"
            value={filters.category}
            onChange={(event) => apply({ category: event.target.value })}
          >
            <option value="">Any category</option>
            {categoryChoices.map((entry) => (
              <option key={entry.category} value={entry.category}>
                {entry.citations === null
                  ? entry.category
                  : `${entry.category} (${formatCount(entry.citations)})`}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Harm level" htmlFor={`${id}-harm`} error={errors.harm} errorId={`${id}-harm-error`}>
          <NativeSelect
            {...field("harm")}
            className="w-64"
            value={filters.harm ?? ""}
            onChange={(event) => apply({ harm: parseHarmParam(event.target.value) })}
          >
            <option value="">Any</option>
            {HARM_FILTERS.map((harm: HarmFilter) => (
              <option key={harm} value={harm}>
                {HARM_FILTER_LABELS[harm]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label="Kind of inspection"
          htmlFor={`${id}-kind`}
          error={errors.kind}
          errorId={`${id}-kind-error`}
        >
          <NativeSelect
            {...field("kind")}
            className="w-64"
            value={filters.kind ?? ""}
            onChange={(event) => apply({ kind: parseKindParam(event.target.value) })}
          >
            <option value="">Any</option>
            {SURVEY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SURVEY_KIND_FILTER_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={null} error={errors.states} errorId={`${id}-states-error`}>
          <MultiSelect
            label="States"
            options={states}
            selected={filters.states}
            onSelectedChange={(selected) => apply({ states: selected })}
            filterPlaceholder="Type to filter states..."
            emptyText="No states found"
            contentClassName="w-64"
          />
        </Field>
        <Field label={null} error={errors.entities} errorId={`${id}-entities-error`}>
          <MultiSelect
            label="Affiliated entities"
            options={entities}
            selected={filters.entities}
            onSelectedChange={(selected) => apply({ entities: selected })}
            filterPlaceholder="Type to filter entities..."
            emptyText="No entities found"
            contentClassName="w-96"
          />
        </Field>
        <div className="basis-full" aria-hidden />
        <Field label="Surveyed from" htmlFor={`${id}-from`} error={errors.from} errorId={`${id}-from-error`}>
          <Input
            {...field("from")}
            type="date"
            className="w-40"
            value={draft.from}
            onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
          />
        </Field>
        <Field label="Surveyed to" htmlFor={`${id}-to`} error={errors.to} errorId={`${id}-to-error`}>
          <Input
            {...field("to")}
            type="date"
            className="w-40"
            value={draft.to}
            onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
          />
        </Field>
        <Field
          label="Words in the description"
          htmlFor={`${id}-q`}
          error={errors.q}
          errorId={`${id}-q-error`}
          className="min-w-64 flex-1"
        >
          <Input
            {...field("q")}
            type="search"
            value={draft.q}
            maxLength={MAX_CITATION_TEXT_LENGTH}
            placeholder="e.g. fall, hand hygiene"
            onChange={(event) => setDraft((d) => ({ ...d, q: event.target.value }))}
          />
        </Field>
        <div className="flex items-center gap-2 self-start pt-6">
          <Button type="submit">
            <Search aria-hidden />
            Search
          </Button>
          {hasCitationFilters(filters) && (
            <Button type="button" variant="ghost" onClick={onClear} className="text-slate-600">
              <FilterX aria-hidden />
              Clear filters
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

/** A labelled control with the API's message for it below (tied to it by aria-describedby). */
function Field({
  label,
  htmlFor,
  error,
  errorId,
  className,
  children,
}: {
  /** Null for a control that names itself (a menu button); it keeps the row's alignment. */
  label: string | null;
  htmlFor?: string;
  error: string | undefined;
  errorId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ?? undefined}>
      {label === null ? (
        <div aria-hidden className="h-4" />
      ) : (
        <Label htmlFor={htmlFor} className="block text-xs font-medium text-slate-600">
          {label}
        </Label>
      )}
      <div className="mt-2">{children}</div>
      {error && (
        <p id={errorId} className="mt-1 max-w-72 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
