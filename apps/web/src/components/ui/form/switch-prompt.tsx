/** 'New user?' + 'Create an account' and the like. */
export function SwitchPrompt({
  question,
  action,
  onClick,
}: {
  question: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <p className="text-sm text-mist-300">
      {question}{' '}
      <button
        type="button"
        onClick={onClick}
        className="font-semibold text-accent-300 underline-offset-4 hover:underline"
      >
        {action}
      </button>
    </p>
  );
}

export const linkButtonClass =
  'text-sm font-semibold text-accent-300 underline-offset-4 hover:underline';
