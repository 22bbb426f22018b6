import { Icon, type IconProps } from '@/components/ui/icons';

/** The player's control icons, in the line style of components/ui/icons (loaded with the player). */
export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </Icon>
);

export const PauseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
  </Icon>
);

/** A circular arrow back (`forward` mirrors it), for the player's 10-second steps. */
export const SkipIcon = ({ forward = false, ...props }: IconProps & { forward?: boolean }) => (
  <Icon {...props}>
    <g transform={forward ? 'matrix(-1 0 0 1 24 0)' : undefined}>
      <path d="M4 12a8 8 0 1 0 2.4-5.7" />
      <path d="M4 3.5v4h4" />
    </g>
    <text
      x="12"
      y="15.2"
      textAnchor="middle"
      fontSize="7.5"
      fontWeight="700"
      fill="currentColor"
      stroke="none"
    >
      10
    </text>
  </Icon>
);

export const VolumeIcon = ({ muted, ...props }: IconProps & { muted: boolean }) => (
  <Icon {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    {muted ? (
      <path d="M16 9.5l5 5M21 9.5l-5 5" />
    ) : (
      <path d="M16 9a4.5 4.5 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
    )}
  </Icon>
);

export const FullscreenIcon = ({ exit, ...props }: IconProps & { exit: boolean }) => (
  <Icon {...props}>
    {exit ? (
      <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
    ) : (
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    )}
  </Icon>
);
