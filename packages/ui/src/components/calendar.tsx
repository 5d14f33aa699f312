// Calendar on react-day-picker v10, styled with the design tokens. DateRangePicker is the popover range picker
// used by admin screens: 'Pick a date range' or 'LLL dd, y - LLL dd, y', two months side by side.
import * as React from 'react';
import {
  DayPicker,
  defaultDateLib,
  getDefaultClassNames,
  type DateLib,
  type Modifiers,
  type ChevronProps,
  type DayButtonProps,
  type RootProps,
  type Matcher,
} from 'react-day-picker';
import { CalendarIcon, ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cn } from '../lib/utils';
import { formatDateRange, nextDateRange, type DateRangeValue } from '../lib/date-range';
import { Button, buttonVariants } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export type CalendarProps = React.ComponentProps<typeof DayPicker> & {
  buttonVariant?: React.ComponentProps<typeof Button>['variant'];
};

export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  captionLayout = 'label',
  buttonVariant = 'ghost',
  components,
  labels,
  ...props
}: CalendarProps) {
  const d = getDefaultClassNames();
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn(
        'bg-background group/calendar p-3 [--cell-size:--spacing(8)] [[data-slot=popover-content]_&]:bg-transparent',
        className,
      )}
      captionLayout={captionLayout}
      labels={{ labelDayButton, ...labels }}
      classNames={{
        root: cn('w-fit', d.root),
        months: cn('relative flex flex-col gap-4 md:flex-row', d.months),
        month: cn('flex w-full flex-col gap-4', d.month),
        nav: cn('absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1', d.nav),
        button_previous: cn(
          buttonVariants({ variant: buttonVariant, size: 'icon' }),
          'size-(--cell-size) p-0 select-none aria-disabled:opacity-50',
          d.button_previous,
        ),
        button_next: cn(
          buttonVariants({ variant: buttonVariant, size: 'icon' }),
          'size-(--cell-size) p-0 select-none aria-disabled:opacity-50',
          d.button_next,
        ),
        month_caption: cn(
          'flex h-(--cell-size) w-full items-center justify-center px-(--cell-size)',
          d.month_caption,
        ),
        dropdowns: cn(
          'flex h-(--cell-size) w-full items-center justify-center gap-1.5 text-sm font-medium',
          d.dropdowns,
        ),
        dropdown_root: cn(
          'has-focus:border-ring border-input has-focus:ring-ring/50 relative rounded-md border shadow-xs has-focus:ring-[3px]',
          d.dropdown_root,
        ),
        dropdown: cn('bg-popover absolute inset-0 opacity-0', d.dropdown),
        caption_label: cn(
          'font-medium select-none',
          captionLayout === 'label'
            ? 'text-sm'
            : 'flex h-8 items-center gap-1 rounded-md pr-1 pl-2 text-sm [&>svg]:text-muted-foreground [&>svg]:size-3.5',
          d.caption_label,
        ),
        month_grid: 'w-full border-collapse',
        weekdays: cn('flex', d.weekdays),
        weekday: cn(
          'text-muted-foreground flex-1 rounded-md text-[0.8rem] font-normal select-none',
          d.weekday,
        ),
        week: cn('mt-2 flex w-full', d.week),
        week_number_header: cn('w-(--cell-size) select-none', d.week_number_header),
        week_number: cn('text-muted-foreground text-[0.8rem] select-none', d.week_number),
        day: cn(
          'group/day relative aspect-square h-full w-full p-0 text-center select-none [&:first-child[data-selected=true]_button]:rounded-l-md [&:last-child[data-selected=true]_button]:rounded-r-md',
          d.day,
        ),
        range_start: cn('bg-accent rounded-l-md', d.range_start),
        range_middle: cn('rounded-none', d.range_middle),
        range_end: cn('bg-accent rounded-r-md', d.range_end),
        today: cn('bg-accent text-accent-foreground rounded-md data-[selected=true]:rounded-none', d.today),
        outside: cn('text-muted-foreground aria-selected:text-muted-foreground', d.outside),
        disabled: cn('text-muted-foreground opacity-50', d.disabled),
        hidden: cn('invisible', d.hidden),
        ...classNames,
      }}
      components={{
        Root: CalendarRoot,
        Chevron: CalendarChevron,
        DayButton: CalendarDayButton,
        ...components,
      }}
      {...props}
    />
  );
}

/** 'Sunday 23 February 2025' — the visible day number stays a word of the accessible name (WCAG 2.5.3). */
function labelDayButton(date: Date, modifiers: Modifiers, _options?: unknown, dateLib?: DateLib) {
  let label = (dateLib ?? defaultDateLib).format(date, 'EEEE d MMMM yyyy');
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.selected) label = `${label}, selected`;
  return label;
}

function CalendarRoot({ className, rootRef, ...props }: RootProps) {
  return <div data-slot="calendar" ref={rootRef} className={cn(className)} {...props} />;
}

function CalendarChevron({
  className,
  orientation,
  size: _size,
  disabled: _disabled,
  ...props
}: ChevronProps) {
  const Icon =
    orientation === 'left' ? ChevronLeftIcon : orientation === 'right' ? ChevronRightIcon : ChevronDownIcon;
  return <Icon className={cn('size-4', className)} aria-hidden {...props} />;
}

export function CalendarDayButton({ className, day, modifiers, ...props }: DayButtonProps) {
  const d = getDefaultClassNames();
  const ref = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button
      ref={ref}
      type="button"
      data-day={day.date.toLocaleDateString()}
      data-selected-single={
        modifiers.selected && !modifiers.range_start && !modifiers.range_end && !modifiers.range_middle
      }
      data-range-start={modifiers.range_start}
      data-range-end={modifiers.range_end}
      data-range-middle={modifiers.range_middle}
      className={cn(
        buttonVariants({ variant: 'ghost', size: 'icon' }),
        'data-[selected-single=true]:bg-primary data-[selected-single=true]:text-primary-foreground data-[range-middle=true]:bg-accent data-[range-middle=true]:text-accent-foreground data-[range-start=true]:bg-primary data-[range-start=true]:text-primary-foreground data-[range-end=true]:bg-primary data-[range-end=true]:text-primary-foreground group-data-[focused=true]/day:border-ring group-data-[focused=true]/day:ring-ring/50 flex aspect-square size-auto w-full min-w-(--cell-size) flex-col gap-1 leading-none font-normal group-data-[focused=true]/day:relative group-data-[focused=true]/day:z-10 group-data-[focused=true]/day:ring-[3px] data-[range-end=true]:rounded-md data-[range-end=true]:rounded-r-md data-[range-middle=true]:rounded-none data-[range-start=true]:rounded-md data-[range-start=true]:rounded-l-md [&>span]:text-xs [&>span]:opacity-70',
        d.day_button,
        className,
      )}
      {...props}
    />
  );
}

export interface DateRangePickerProps {
  value: DateRangeValue | undefined;
  onChange(range: DateRangeValue | undefined): void;
  /** Days that cannot be picked, e.g. `{ after: new Date() }`. */
  disabled?: Matcher | Matcher[];
  placeholder?: string;
  numberOfMonths?: number;
  /** The first month shown while nothing is picked (default: this month), e.g. last month when future days are disabled. */
  defaultMonth?: Date;
  className?: string;
  id?: string;
  /** Names the control; the visible text is appended so both read the same (e.g. 'Date range: Pick a date range'). */
  'aria-label'?: string;
}

export function DateRangePicker({
  value,
  onChange,
  disabled,
  placeholder = 'Pick a date range',
  numberOfMonths = 2,
  defaultMonth,
  className,
  id,
  'aria-label': ariaLabel,
}: DateRangePickerProps) {
  const text = formatDateRange(value);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          aria-label={ariaLabel ? `${ariaLabel}: ${text ?? placeholder}` : undefined}
          className={cn(
            'w-full justify-start text-left font-normal sm:w-[300px]',
            !text && 'text-muted-foreground',
            className,
          )}
        >
          <CalendarIcon aria-hidden />
          <span className="truncate">{text ?? placeholder}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <Calendar
          mode="range"
          defaultMonth={value?.from ?? defaultMonth}
          selected={value?.from ? { from: value.from, to: value.to } : undefined}
          onSelect={(_range, day) => onChange(nextDateRange(value, day))}
          numberOfMonths={numberOfMonths}
          disabled={disabled}
        />
      </PopoverContent>
    </Popover>
  );
}
