// Form controls bound to a path in the artifact's data. The editor keeps the data and its errors in one
// context, so each control is one line: `<TextAt path={['items', 0, 'stem']} label="Question" />`. Texts are
// text areas as tall as their text (issue 37 item 12: long objectives were cut in single-line inputs).
import { createContext, useContext, useId, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import {
  AutoTextarea,
  Button,
  Checkbox,
  cn,
  FormField,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@app/ui';
import {
  appendAt,
  getAt,
  moveAt,
  numberFromInput,
  pathKey,
  removeAt,
  setAt,
  type FieldErrors,
  type Path,
} from './form-state';

interface EditorContextValue {
  data: unknown;
  errors: FieldErrors;
  /** Replaces the data with `fn(data)`. */
  change: (fn: (data: unknown) => unknown) => void;
  idPrefix: string;
}

const EditorContext = createContext<EditorContextValue | null>(null);
export const EditorProvider = EditorContext.Provider;

export function useEditor() {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('useEditor outside an artifact editor');
  const { data, errors, change, idPrefix } = ctx;
  return {
    data,
    errors,
    get: (path: Path) => getAt(data, path),
    set: (path: Path, value: unknown) => change((d) => setAt(d, path, value)),
    append: (path: Path, item: unknown) => change((d) => appendAt(d, path, item)),
    remove: (path: Path, i: number) => change((d) => removeAt(d, path, i)),
    move: (path: Path, from: number, to: number) => change((d) => moveAt(d, path, from, to)),
    change,
    error: (path: Path) => errors[pathKey(path)],
    fieldId: (path: Path) => `${idPrefix}-${pathKey(path).replace(/\./g, '-')}`,
  };
}

export function TextAt({
  path,
  label,
  multiline,
  placeholder,
  className,
  maxLength,
}: {
  path: Path;
  label: string;
  multiline?: boolean;
  placeholder?: string;
  className?: string;
  maxLength?: number;
}) {
  const ed = useEditor();
  const value = ed.get(path);
  const text = typeof value === 'string' ? value : '';
  return (
    <FormField
      label={label}
      error={ed.error(path)}
      id={ed.fieldId(path)}
      className={cn('min-w-0 content-start', className)}
    >
      <AutoTextarea
        value={text}
        singleLine={!multiline}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => ed.set(path, e.target.value)}
      />
    </FormField>
  );
}

/** A text that may be null in the data (e.g. a module's "when"): an empty box is null. */
export function NullableTextAt({
  path,
  label,
  placeholder,
}: {
  path: Path;
  label: string;
  placeholder?: string;
}) {
  const ed = useEditor();
  const value = ed.get(path);
  return (
    <FormField label={label} error={ed.error(path)} id={ed.fieldId(path)} className="min-w-0 content-start">
      <AutoTextarea
        singleLine
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        onChange={(e) => ed.set(path, e.target.value === '' ? null : e.target.value)}
      />
    </FormField>
  );
}

export function NumberAt({
  path,
  label,
  min,
  max,
  className,
}: {
  path: Path;
  label: string;
  min?: number;
  max?: number;
  className?: string;
}) {
  const ed = useEditor();
  const value = ed.get(path);
  return (
    <FormField
      label={label}
      error={ed.error(path)}
      id={ed.fieldId(path)}
      className={cn('min-w-0 content-start', className)}
    >
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
        onChange={(e) => ed.set(path, numberFromInput(e.target.value))}
      />
    </FormField>
  );
}

export function SelectAt<V extends string>({
  path,
  label,
  options,
  className,
  nullLabel,
}: {
  path: Path;
  label: string;
  options: readonly (readonly [V, string])[];
  className?: string;
  /** Offer "none" (stored as null) under this label. */
  nullLabel?: string;
}) {
  const ed = useEditor();
  const value = ed.get(path);
  const NONE = '__none__';
  return (
    <FormField
      label={label}
      error={ed.error(path)}
      id={ed.fieldId(path)}
      className={cn('min-w-0 content-start', className)}
    >
      <Select
        value={typeof value === 'string' ? value : nullLabel ? NONE : ''}
        onValueChange={(v) => ed.set(path, v === NONE ? null : v)}
      >
        <SelectTrigger className="w-full min-w-0 overflow-hidden">
          <SelectValue placeholder="Choose…" />
        </SelectTrigger>
        <SelectContent>
          {nullLabel && <SelectItem value={NONE}>{nullLabel}</SelectItem>}
          {options.map(([v, l]) => (
            <SelectItem key={v} value={v}>
              {l}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

export function CheckboxAt({ path, label }: { path: Path; label: string }) {
  const ed = useEditor();
  const id = ed.fieldId(path);
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={ed.get(path) === true} onCheckedChange={(c) => ed.set(path, c === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/** The error of a list itself ("Add at least one question"), shown under its heading. */
export function ListError({ path }: { path: Path }) {
  const error = useEditor().error(path);
  return error ? (
    <p role="alert" className="text-destructive text-sm">
      {error}
    </p>
  ) : null;
}

/**
 * A list of items with move up/down, remove and add. `renderItem` draws item `i` at `[...path, i]`.
 * `itemLabel(i)` names an item for the buttons' labels ("Question 2").
 */
export function ListAt({
  path,
  title,
  itemLabel,
  newItem,
  renderItem,
  max,
  min = 0,
  addLabel,
  compact,
}: {
  path: Path;
  title: string;
  itemLabel: (i: number) => string;
  newItem: () => unknown;
  renderItem: (i: number) => ReactNode;
  max: number;
  min?: number;
  addLabel: string;
  /** Items without a box (e.g. short strings). */
  compact?: boolean;
}) {
  const ed = useEditor();
  const list = ed.get(path);
  const items = Array.isArray(list) ? list : [];
  const headingId = useId();
  return (
    // min-w-0: a fieldset is min-content wide by default and would push the form past a phone's width.
    <fieldset className="grid min-w-0 gap-2" aria-labelledby={headingId}>
      <legend id={headingId} className="text-sm font-medium">
        {title}
      </legend>
      <ListError path={path} />
      {items.map((_, i) => (
        <div
          key={i}
          className={cn('grid gap-2', !compact && 'rounded-lg border p-3')}
          data-testid="editor-list-item"
        >
          {/* A boxed item puts its buttons above the fields on phones, so the fields get the full width. */}
          <div
            className={cn(
              'flex gap-2',
              compact ? 'items-end' : 'flex-col-reverse sm:flex-row sm:items-start',
            )}
          >
            <div className="grid min-w-0 flex-1 gap-3">{renderItem(i)}</div>
            <div className={cn('flex shrink-0 gap-0.5', !compact && 'self-end sm:self-auto')}>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${itemLabel(i)} up`}
                disabled={i === 0}
                onClick={() => ed.move(path, i, i - 1)}
              >
                <ArrowUp />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Move ${itemLabel(i)} down`}
                disabled={i === items.length - 1}
                onClick={() => ed.move(path, i, i + 1)}
              >
                <ArrowDown />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove ${itemLabel(i)}`}
                disabled={items.length <= min}
                onClick={() => ed.remove(path, i)}
              >
                <Trash2 />
              </Button>
            </div>
          </div>
        </div>
      ))}
      {items.length < max && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => ed.append(path, newItem())}
        >
          <Plus /> {addLabel}
        </Button>
      )}
    </fieldset>
  );
}

/** A list of strings, one input each. */
export function StringListAt({
  path,
  title,
  itemName,
  max,
  min,
}: {
  path: Path;
  title: string;
  itemName: string;
  max: number;
  min?: number;
}) {
  return (
    <ListAt
      path={path}
      title={title}
      itemLabel={(i) => `${itemName} ${i + 1}`}
      newItem={() => ''}
      max={max}
      min={min}
      addLabel={`Add ${itemName.toLowerCase()}`}
      compact
      renderItem={(i) => <TextAt path={[...path, i]} label={`${itemName} ${i + 1}`} />}
    />
  );
}
