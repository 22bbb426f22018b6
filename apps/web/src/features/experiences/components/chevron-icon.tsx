import { Icon, type IconProps } from '@/components/ui/icons';

/** The carousel's arrows: a chevron pointing right, or left. */
export const ChevronIcon = ({ left = false, ...props }: IconProps & { left?: boolean }) => (
  <Icon {...props}>
    <path d={left ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
  </Icon>
);
