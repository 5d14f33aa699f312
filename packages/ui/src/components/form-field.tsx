import * as React from 'react';
import { cn } from '../lib/utils';
import { Label } from './label';

interface FormFieldIds {
  /** The control's id (the label's `htmlFor`). */
  id: string;
  descriptionId: string;
  errorId: string;
  /** What the control's `aria-describedby` should be (description and error ids, when shown). */
  describedBy: string | undefined;
  invalid: boolean;
}

const FormFieldContext = React.createContext<FormFieldIds | null>(null);

/** The ids of the surrounding `FormField`, for controls that wire themselves (e.g. a composite widget). */
export function useFormField(): FormFieldIds | null {
  return React.useContext(FormFieldContext);
}

type ControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
};

export interface FormFieldProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  label: React.ReactNode;
  /** The one control (`Input`, `Textarea`, `SelectTrigger`…). It gets `id`, `aria-describedby` and `aria-invalid`. */
  children: React.ReactElement<ControlProps>;
  /** The control's id; otherwise the child's own `id`, otherwise a generated one. */
  id?: string;
  description?: React.ReactNode;
  /** Shown under the control with `role="alert"`; marks the control `aria-invalid`. */
  error?: React.ReactNode;
  /** Something on the label's line, right-aligned (e.g. a 'Forgot password?' link). */
  labelAside?: React.ReactNode;
  labelClassName?: string;
}

/** Label, control, description and error, wired together for assistive technology. */
export function FormField({
  label,
  children,
  id,
  description,
  error,
  labelAside,
  labelClassName,
  className,
  ...props
}: FormFieldProps) {
  const autoId = React.useId();
  const child = React.Children.only(children);
  const controlId = id ?? child.props.id ?? `field${autoId}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const hasDescription = description != null && description !== false;
  const hasError = error != null && error !== false && error !== '';
  const describedBy =
    [child.props['aria-describedby'], hasDescription && descriptionId, hasError && errorId]
      .filter(Boolean)
      .join(' ') || undefined;
  const ids: FormFieldIds = { id: controlId, descriptionId, errorId, describedBy, invalid: hasError };

  const labelEl = (
    <Label htmlFor={controlId} className={labelClassName}>
      {label}
    </Label>
  );
  return (
    <FormFieldContext.Provider value={ids}>
      <div
        data-slot="form-field"
        data-invalid={hasError || undefined}
        className={cn('grid gap-2', className)}
        {...props}
      >
        {labelAside ? (
          <div className="flex items-center justify-between gap-2">
            {labelEl}
            {labelAside}
          </div>
        ) : (
          labelEl
        )}
        {React.cloneElement(child, {
          id: controlId,
          'aria-describedby': describedBy,
          'aria-invalid': hasError ? true : child.props['aria-invalid'],
        })}
        {hasDescription ? (
          <p id={descriptionId} data-slot="form-field-description" className="text-muted-foreground text-sm">
            {description}
          </p>
        ) : null}
        {hasError ? (
          <p id={errorId} data-slot="form-field-error" role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
    </FormFieldContext.Provider>
  );
}
