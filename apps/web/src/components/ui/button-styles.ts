import { cn } from '@/utils/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors duration-150 disabled:pointer-events-none disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-accent-400 text-ink-950 shadow-[0_0_0_1px_rgb(255_210_122/0.4),0_10px_30px_-10px_rgb(247_181_56/0.6)] hover:bg-accent-300',
  secondary:
    'border border-white/25 bg-white/5 text-mist-50 hover:border-white/45 hover:bg-white/10',
  ghost: 'text-mist-100 hover:bg-white/10 hover:text-white',
  /** An action that cannot be undone (deleting the account). */
  danger: 'bg-red-700 text-white hover:bg-red-600',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** One look for <button>, <a> and router links, so every call to action matches. */
export function buttonStyles(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  const { variant = 'primary', size = 'md', className } = options;
  return cn(base, variants[variant], sizes[size], className);
}
