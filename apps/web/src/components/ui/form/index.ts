/**
 * The form building blocks every feature uses with react-hook-form: a labelled field with its
 * error (and a show/hide toggle for passwords), the submit button with its spinner, and the
 * form-level error and notice; and the one form for a code the player types.
 */
export { CodeForm, focusFieldOrMain, type CodeOutcome } from './code-form';
export { Field, inputClass } from './field';
export { TextareaField } from './textarea-field';
export { FormError, FormNotice } from './form-messages';
export { BusyButton, Spinner, SubmitButton } from './submit-button';
export { linkButtonClass, SwitchPrompt } from './switch-prompt';
