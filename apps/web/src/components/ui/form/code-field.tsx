import { CODE_INPUT_MAX } from '@questfield/contract';
import {
  forwardRef,
  type ChangeEvent,
  type ComponentPropsWithoutRef,
  type CompositionEvent,
} from 'react';
import { Field } from './field';

/** True when the text holds a code at all: the server ignores case, spaces and dashes. */
export function hasCode(text: string): boolean {
  return /[^\s-]/.test(text);
}

type CodeFieldProps = Omit<
  ComponentPropsWithoutRef<typeof Field>,
  'value' | 'onChange' | 'type' | 'password'
> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * Upper-cases the input's text where it is, keeping the caret and selection on the same
 * characters (a few letters grow when upper-cased, e.g. 'ß' → 'SS'), and returns it.
 */
function upperCaseInPlace(input: HTMLInputElement): string {
  const { value, selectionStart, selectionEnd, selectionDirection } = input;
  const upper = value.toUpperCase();
  if (upper === value) return value;
  const at = (index: number | null) =>
    index === null ? null : value.slice(0, index).toUpperCase().length;
  const [start, end] = [at(selectionStart), at(selectionEnd)];
  input.value = upper;
  if (start !== null && end !== null && input.ownerDocument.activeElement === input) {
    input.setSelectionRange(start, end, selectionDirection ?? undefined);
  }
  return upper;
}

/**
 * A code as the player types it: upper-cased as typed (the caret stays where it was), no
 * autocomplete, spell check or autocorrect, and no longer than the server accepts. Case, spaces
 * and dashes do not matter to the server; the player sees the code as it is printed.
 */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField(
  { value, onValueChange, inputClassName, ...props },
  ref,
) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // While an input method composes a character, the text is left alone until it is done.
    const composing = (event.nativeEvent as InputEvent).isComposing;
    onValueChange(composing ? event.target.value : upperCaseInPlace(event.target));
  };
  const onCompositionEnd = (event: CompositionEvent<HTMLInputElement>) => {
    onValueChange(upperCaseInPlace(event.currentTarget));
  };

  return (
    <Field
      ref={ref}
      type="text"
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={CODE_INPUT_MAX}
      enterKeyHint="go"
      inputClassName={`font-mono tracking-wider ${inputClassName ?? ''}`.trim()}
      {...props}
      value={value}
      onChange={onChange}
      onCompositionEnd={onCompositionEnd}
    />
  );
});
