export { ThemeProvider, useTheme } from './theme-provider';
export { ThemeToggle } from './theme-toggle';
export { type Theme, THEME_STORAGE_KEY, THEME_OPTIONS, resolveTheme } from './theme';
