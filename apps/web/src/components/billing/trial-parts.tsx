// The parts of /trial (SPEC §2 Trial sign-up): the chosen plan, the account fields, the 'Need to Know' box,
// the submit button with its fine print, and the plan dialog. The page (pages/billing/trial.tsx) holds the state
// and the sign-up.
import { Link } from 'react-router';
import { CalendarCheck, Info, ShieldCheck } from 'lucide-react';
import { ANNUAL_PROMO_CODE, TRIAL_DAYS, type BillingCycleKey, type PublicPlan } from '@app/api/client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  Spinner,
} from '@app/ui';
import type { SelectedPlan } from '../../lib/selected-plan';
import { BillingCycleToggle } from '../pricing/billing-cycle-toggle';
import { PlanOptionCard } from './plan-option-card';

export function TrialPlanCard({ plan, onChange }: { plan: SelectedPlan | null; onChange(): void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your plan</CardTitle>
        <CardDescription>You can change plans at any time.</CardDescription>
      </CardHeader>
      <CardContent>
        {plan ? (
          <div
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4"
            data-testid="selected-plan"
          >
            <div>
              <p className="font-semibold">
                {plan.name}{' '}
                <span className="text-muted-foreground text-sm font-normal">
                  ({plan.billingCycle === 'annual' ? 'Annual' : 'Monthly'})
                </span>
              </p>
              <p className="text-muted-foreground text-sm">
                {plan.price}
                {plan.period} after the trial · {plan.messages}
              </p>
            </div>
            <Button type="button" variant="outline" size="sm" onClick={onChange}>
              Change plan
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4">
            <p className="text-muted-foreground text-sm">No plan selected yet.</p>
            <Button type="button" size="sm" onClick={onChange}>
              Choose a plan
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export interface TrialAccount {
  fullName: string;
  email: string;
  password: string;
}

const ACCOUNT_FIELDS: {
  id: keyof TrialAccount;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  placeholder?: string;
  hint?: string;
}[] = [
  { id: 'fullName', label: 'Full name *', autoComplete: 'name', placeholder: 'Jane Doe' },
  {
    id: 'email',
    label: 'Work email *',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'jane@company.com',
  },
  {
    id: 'password',
    label: 'Password *',
    type: 'password',
    autoComplete: 'new-password',
    hint: "Minimum 8 characters. You'll use this to log in later.",
  },
];

export function TrialAccountCard({
  account,
  onChange,
  sendTips,
  onSendTips,
  disabled,
}: {
  account: TrialAccount;
  onChange(patch: Partial<TrialAccount>): void;
  sendTips: boolean;
  onSendTips(v: boolean): void;
  disabled: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Create your account</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {ACCOUNT_FIELDS.map((field) => (
          <AccountField
            key={field.id}
            {...field}
            value={account[field.id]}
            onChange={(value) => onChange({ [field.id]: value })}
            disabled={disabled}
          />
        ))}
        <div className="flex items-start gap-2">
          <Checkbox
            id="sendTips"
            checked={sendTips}
            onCheckedChange={(v) => onSendTips(v === true)}
            disabled={disabled}
          />
          <Label htmlFor="sendTips" className="text-muted-foreground text-sm leading-snug font-normal">
            Send me tips and best practices for building training with AI
          </Label>
        </div>
      </CardContent>
    </Card>
  );
}

/** A labelled input of the account card, with an optional hint under it. */
function AccountField({
  id,
  label,
  type,
  autoComplete,
  value,
  onChange,
  disabled,
  placeholder,
  hint,
}: {
  id: keyof TrialAccount;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  placeholder?: string;
  hint?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        placeholder={placeholder}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TrialNeedToKnow() {
  return (
    <Card className="border-primary/30 bg-primary/5">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Info className="size-4" aria-hidden="true" /> Need to Know
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3 text-sm">
          <li className="flex gap-2">
            <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Your {TRIAL_DAYS}-day free trial starts today — <strong>no charge today</strong>.
            </span>
          </li>
          <li className="flex gap-2">
            <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              When the trial ends you are billed automatically for the selected plan unless you cancel.
            </span>
          </li>
          <li className="flex gap-2">
            <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>Cancel any time from your dashboard or profile before the trial ends.</span>
          </li>
          <li className="flex gap-2">
            <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Annual plans include the {ANNUAL_PROMO_CODE} promotion: 14 months for the price of 12.
            </span>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

export function TrialSubmit({ loading, disabled }: { loading: boolean; disabled: boolean }) {
  return (
    <div className="space-y-3">
      <Button type="submit" size="lg" className="w-full" disabled={disabled}>
        {loading ? (
          <>
            <Spinner className="size-4" /> Creating Account...
          </>
        ) : (
          'Start Free Trial'
        )}
      </Button>
      <p className="text-muted-foreground flex items-start gap-1.5 text-xs">
        <ShieldCheck className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span>
          By starting your trial you agree to our{' '}
          <Link to="/terms" className="text-foreground underline underline-offset-2">
            Terms of Use
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="text-foreground underline underline-offset-2">
            Privacy Policy
          </Link>
          . You must be at least 16.
        </span>
      </p>
      <p className="text-muted-foreground text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className="text-primary font-medium hover:underline">
          Log in
        </Link>
      </p>
    </div>
  );
}

export function TrialPlanDialog({
  open,
  onOpenChange,
  cycle,
  onCycleChange,
  plans,
  plansReady,
  selected,
  onChoose,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  cycle: BillingCycleKey;
  onCycleChange(cycle: BillingCycleKey): void;
  plans: PublicPlan[];
  plansReady: boolean;
  selected: SelectedPlan | null;
  onChoose(plan: PublicPlan, cycle: BillingCycleKey): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] grid-cols-1 overflow-y-auto p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>Choose your plan</DialogTitle>
          <DialogDescription>Every plan starts with a {TRIAL_DAYS}-day free trial.</DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 justify-center">
          <BillingCycleToggle value={cycle} onChange={onCycleChange} />
        </div>
        <div className="grid min-w-0 gap-3 sm:grid-cols-3">
          {plans.map((p) => (
            <PlanOptionCard
              key={p.id}
              plan={p}
              cycle={cycle}
              selected={selected?.name === p.name && selected.billingCycle === cycle}
              actionLabel="Select Plan"
              disabled={!plansReady}
              onSelect={() => onChoose(p, cycle)}
            />
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
