// The role picker of the invite dialog and the members table: Member or Admin (ownership moves by transfer).
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, cn } from '@app/ui';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type AssignableRole } from './permissions';

export const ROLE_HINTS: Record<AssignableRole, string> = {
  MEMBER: 'Uses the assistant',
  ADMIN: 'Invites, removes, changes roles, sees usage',
};

export function RoleSelect({
  value,
  onChange,
  id,
  disabled,
  className,
  'aria-label': ariaLabel,
}: {
  value: AssignableRole;
  onChange: (role: AssignableRole) => void;
  id?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as AssignableRole)} disabled={disabled}>
      <SelectTrigger id={id} className={cn('w-full sm:w-36', className)} aria-label={ariaLabel}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ASSIGNABLE_ROLES.map((r) => (
          <SelectItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
