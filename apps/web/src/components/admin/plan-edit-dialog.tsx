// The plan edit form (SPEC §2: plans are edited by PUT /admin/plans/{id}; the spec shows no screen, admins expect a
// form): description, features, monthly and annual message quotas, active and popular flags — what
// `admin.updatePlan` accepts. Checked with the server's schema before sending; the server's refusals (e.g. the last
// active plan) show as a toast with its message.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  Spinner,
  Switch,
  Textarea,
  toast,
} from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { formatCents } from './admin-format';
import { checkPlanForm, planFormValues, type PlanFormErrors, type PlanFormValues } from './plan-form';
import type { AdminPlanRow } from './types';
import { serverMessage } from './use-error-toast';

export function PlanEditDialog({
  plan,
  onOpenChange,
}: {
  plan: AdminPlanRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={!!plan} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        {plan && <PlanForm key={plan.id} plan={plan} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({ plan, onDone }: { plan: AdminPlanRow; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PlanFormValues>(() => planFormValues(plan));
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const save = useMutation(trpc.admin.updatePlan.mutationOptions());
  const set = <K extends keyof PlanFormValues>(k: K, v: PlanFormValues[K]) =>
    setValues((old) => ({ ...old, [k]: v }));
  const setFeature = (i: number, text: string) =>
    set(
      'features',
      values.features.map((f, j) => (j === i ? text : f)),
    );

  // A feature added with the button gets the cursor.
  const [focusFeature, setFocusFeature] = useState<number | null>(null);
  useEffect(() => {
    if (focusFeature === null) return;
    document.getElementById(`plan-feature-${focusFeature}`)?.focus();
    setFocusFeature(null);
  }, [focusFeature]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkPlanForm(plan.id, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(checked.data);
      toast.success('Plan updated', { description: `${plan.name} has been saved.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.plans.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.plansOverview.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.subscriptions.plans.queryKey() }),
      ]);
      onDone();
    } catch (err) {
      toast.error('Failed to update plan', { description: serverMessage(err, 'Please try again later') });
    }
  }

  const price = `${formatCents(plan.monthlyPriceCents)}/mo · ${formatCents(plan.annualPriceCents)}/yr${
    plan.perSeat ? ' per seat' : ''
  }`;

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Edit {plan.name}</DialogTitle>
        <DialogDescription>
          {price}. Prices are set with the payment provider; quotas apply from each subscription&apos;s next
          period.
        </DialogDescription>
      </DialogHeader>

      <FormField label="Description" error={errors.description} id="plan-description">
        <Textarea
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          rows={3}
          maxLength={500}
        />
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Features</legend>
        {values.features.map((f, i) => (
          <div key={i} className="grid gap-1">
            <div className="flex gap-2">
              <Input
                id={`plan-feature-${i}`}
                value={f}
                onChange={(e) => setFeature(i, e.target.value)}
                aria-label={`Feature ${i + 1}`}
                aria-invalid={!!errors.featureAt?.[i] || undefined}
                maxLength={200}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove feature ${i + 1}`}
                disabled={values.features.length <= 1}
                onClick={() =>
                  set(
                    'features',
                    values.features.filter((_, j) => j !== i),
                  )
                }
              >
                <X />
              </Button>
            </div>
            {errors.featureAt?.[i] && (
              <p role="alert" className="text-destructive text-sm">
                {errors.featureAt[i]}
              </p>
            )}
          </div>
        ))}
        {errors.features && (
          <p role="alert" className="text-destructive text-sm">
            {errors.features}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={values.features.length >= 30}
          onClick={() => {
            set('features', [...values.features, '']);
            setFocusFeature(values.features.length);
          }}
        >
          <Plus aria-hidden /> Add feature
        </Button>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Monthly messages"
          description={plan.perSeat ? 'Per seat, each month' : 'Each month'}
          error={errors.monthlyMessages}
          id="plan-monthly-messages"
        >
          <Input
            inputMode="numeric"
            value={values.monthlyMessages}
            onChange={(e) => set('monthlyMessages', e.target.value)}
          />
        </FormField>
        <FormField
          label="Annual messages"
          description={plan.perSeat ? 'Per seat, per 14-month period' : 'Per 14-month period'}
          error={errors.annualMessages}
          id="plan-annual-messages"
        >
          <Input
            inputMode="numeric"
            value={values.annualMessages}
            onChange={(e) => set('annualMessages', e.target.value)}
          />
        </FormField>
      </div>

      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="plan-active">Active</Label>
            <p className="text-muted-foreground text-xs">Inactive plans are not offered to new customers.</p>
          </div>
          <Switch id="plan-active" checked={values.isActive} onCheckedChange={(v) => set('isActive', v)} />
        </div>
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="plan-popular">Most popular</Label>
            <p className="text-muted-foreground text-xs">Highlighted on the pricing page.</p>
          </div>
          <Switch id="plan-popular" checked={values.popular} onCheckedChange={(v) => set('popular', v)} />
        </div>
      </div>

      {errors.form && (
        <p role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />} Save changes
        </Button>
      </DialogFooter>
    </form>
  );
}
