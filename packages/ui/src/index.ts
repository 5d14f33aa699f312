// The design system: one place for each primitive. Pages compose these and never restyle them ad hoc.
export { cn } from './lib/utils';
export { Button, buttonVariants, type ButtonProps } from './components/button';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export { Spinner, FullPageSpinner } from './components/spinner';
export { Input, inputVariants, type InputProps } from './components/input';
export { AutoTextarea, Textarea } from './components/textarea';
export { Label } from './components/label';
export { Checkbox } from './components/checkbox';
export { Switch } from './components/switch';
export { Badge, badgeVariants, type BadgeProps } from './components/badge';
export { Separator } from './components/separator';
export { Skeleton } from './components/skeleton';
export { Progress, type ProgressProps } from './components/progress';
export {
  Alert,
  AlertTitle,
  AlertDescription,
  AlertAction,
  alertVariants,
  type AlertProps,
} from './components/alert';
export { FormField, useFormField, type FormFieldProps } from './components/form-field';
export { StatCard, type StatCardProps, type StatTrend } from './components/stat-card';
export {
  BarChart,
  niceMax,
  tickIndexes,
  type BarChartDatum,
  type BarChartProps,
} from './components/bar-chart';
export {
  Dialog,
  DialogTrigger,
  DialogPortal,
  DialogClose,
  DialogOverlay,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
} from './components/dialog';
export {
  AlertDialog,
  AlertDialogTrigger,
  AlertDialogContent,
  AlertDialogHeader,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogDescription,
  AlertDialogAction,
  AlertDialogCancel,
} from './components/alert-dialog';
export {
  Sheet,
  SheetTrigger,
  SheetClose,
  SheetContent,
  SheetHeader,
  SheetFooter,
  SheetTitle,
  SheetDescription,
} from './components/sheet';
export { Popover, PopoverTrigger, PopoverAnchor, PopoverContent } from './components/popover';
export { TooltipProvider, Tooltip, TooltipTrigger, TooltipContent } from './components/tooltip';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './components/tabs';
export { Avatar, AvatarImage, AvatarFallback } from './components/avatar';
export {
  DropdownMenu,
  DropdownMenuPortal,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuCheckboxItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubTrigger,
  DropdownMenuSubContent,
} from './components/dropdown-menu';
export {
  Select,
  SelectGroup,
  SelectValue,
  SelectTrigger,
  SelectContent,
  SelectLabel,
  SelectItem,
  SelectSeparator,
} from './components/select';
export { ToggleGroup, ToggleGroupItem, toggleVariants } from './components/toggle-group';
export { Accordion, AccordionItem, AccordionTrigger, AccordionContent } from './components/accordion';
export {
  Table,
  TableHeader,
  TableBody,
  TableFooter,
  TableRow,
  TableHead,
  TableCell,
  TableCaption,
} from './components/table';
export { ScrollArea, ScrollBar } from './components/scroll-area';
export {
  DataTable,
  pageWindow,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableProps,
} from './components/data-table';
export { FileDropZone, type FileDropZoneProps } from './components/file-drop-zone';
export { fileMatchesAccept } from './lib/file-accept';
export { Toaster, toast } from './components/sonner';
export {
  Calendar,
  CalendarDayButton,
  DateRangePicker,
  type CalendarProps,
  type DateRangePickerProps,
} from './components/calendar';
export { nextDateRange, formatDateRange, type DateRangeValue } from './lib/date-range';
export {
  SidebarProvider,
  Sidebar,
  SidebarTrigger,
  SidebarRail,
  SidebarInset,
  SidebarInput,
  SidebarHeader,
  SidebarFooter,
  SidebarSeparator,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarGroupAction,
  SidebarGroupContent,
  SidebarMenu,
  SidebarMenuItem,
  SidebarMenuButton,
  SidebarMenuAction,
  SidebarMenuBadge,
  SidebarMenuSkeleton,
  sidebarMenuButtonVariants,
  useSidebar,
} from './components/sidebar';
export {
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_COOKIE_MAX_AGE,
  sidebarCookie,
  readSidebarCookie,
  isSidebarShortcut,
} from './lib/sidebar-state';
export { useIsMobile, MOBILE_BREAKPOINT } from './hooks/use-mobile';
