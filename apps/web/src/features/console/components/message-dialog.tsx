import { zodResolver } from '@hookform/resolvers/zod';
import {
  gameMessageText,
  type GameMessageDraft,
  type GameMessagePreview,
  type GameMessageSent,
} from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { previewGameMessage } from '../api/preview-game-message';
import { sendGameMessage } from '../api/send-game-message';
import { commonCopy } from '../copy/common';
import { messageCopy } from '../copy/schedule';
import { DialogFooter, DialogOutcome } from './dialog-footer';
import { DialogShell } from '@/components/ui/dialog';
import { Field, TextareaField } from '@/components/ui/form';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { failureText } from '@/lib/api-client';

/** The contract's own rules for the subject and the body, so the fields say what the API would. */
const messageForm = z.object({ ...gameMessageText, waiting: z.boolean() });
type MessageForm = z.input<typeof messageForm>;

/** One id per message written: a retried send (a lost answer) sends nothing twice. */
const newRequestId = () => crypto.randomUUID();

/**
 * A message to one game's players (ADR 0058): written (subject, body, and the waitlist or
 * not), previewed as the server renders it with whom it reaches, then sent. What was sent
 * replaces the dialog's steps and takes the focus.
 */
export function MessageDialog({
  day,
  time,
  start,
  onClose,
  onSent,
}: {
  day: string;
  /** The game's start, HH:MM on the venue clock (what names it to the server). */
  time: string;
  /** The start in words, for the title. */
  start: string;
  onClose: () => void;
  onSent: (notice: string) => void;
}) {
  const [draft, setDraft] = useState<GameMessageDraft | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const preview = useMutation({ mutationFn: previewGameMessage });
  const send = useMutation({
    mutationFn: sendGameMessage,
    onSuccess: (sent) => onSent(sentText(sent)),
  });

  const ask = (form: MessageForm) => {
    const next = { day, time, ...form };
    // Other words are another message: a new id, so it is not taken for a retry.
    if (draft !== null && JSON.stringify(draft) !== JSON.stringify(next)) {
      setRequestId(newRequestId());
    }
    setDraft(next);
    preview.mutate(next);
  };

  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={messageCopy.title(start)}
      description={messageCopy.description}
      closeLabel={commonCopy.closeDialog}
      busy={send.isPending}
    >
      {send.isSuccess ? (
        <DialogOutcome text={sentText(send.data)} doneLabel={messageCopy.done} onDone={onClose} />
      ) : preview.isSuccess && draft !== null ? (
        <PreviewStep
          preview={preview.data}
          pending={send.isPending}
          error={send.isError ? failureText(send.error, messageCopy.sendFailed) : null}
          onEdit={() => {
            preview.reset();
            send.reset();
          }}
          onSend={() => send.mutate({ ...draft, requestId })}
        />
      ) : (
        <WriteStep
          initial={draft}
          pending={preview.isPending}
          error={preview.isError ? failureText(preview.error, messageCopy.previewFailed) : null}
          onPreview={ask}
        />
      )}
    </DialogShell>
  );
}

const sentText = (sent: GameMessageSent) =>
  (sent.repeated ? messageCopy.repeated : messageCopy.sent)(sent.booked, sent.waiting);

/** The subject, the body and the waitlist choice, each with its own error; then Preview. */
function WriteStep({
  initial,
  pending,
  error,
  onPreview,
}: {
  initial: GameMessageDraft | null;
  pending: boolean;
  error: string | null;
  onPreview: (form: MessageForm) => void;
}) {
  const form = useForm<MessageForm>({
    resolver: zodResolver(messageForm),
    defaultValues: {
      subject: initial?.subject ?? '',
      body: initial?.body ?? '',
      waiting: initial?.waiting ?? false,
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(onPreview);
  return (
    <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <Field
        label={messageCopy.subjectLabel}
        autoComplete="off"
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <TextareaField
        label={messageCopy.bodyLabel}
        hint={messageCopy.bodyHint}
        rows={6}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <label className="inline-flex items-center gap-2 text-white">
        <input type="checkbox" className="size-4" {...form.register('waiting')} />
        {messageCopy.waitingLabel}
      </label>
      <DialogFooter error={error} pending={pending} confirmLabel={messageCopy.preview} />
    </form>
  );
}

/** The mail as the server renders it, whom it reaches, and Send (or back to Edit). */
function PreviewStep({
  preview,
  pending,
  error,
  onEdit,
  onSend,
}: {
  preview: GameMessagePreview;
  pending: boolean;
  error: string | null;
  onEdit: () => void;
  onSend: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step replaced the form that had the focus: it goes to the preview's heading.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className="mt-5 flex flex-col gap-4">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold text-white outline-none"
      >
        {messageCopy.previewHeading}
      </h3>
      <div className="rounded-xl border border-white/15 bg-ink-950/60 p-4 text-sm">
        <p className="font-semibold text-white">{messageCopy.subjectLine(preview.subject)}</p>
        <ScrollRegion label={messageCopy.bodyLabel} className="mt-3 max-h-64">
          <p className="whitespace-pre-line text-mist-100">{preview.text}</p>
        </ScrollRegion>
      </div>
      <p className="text-white tabular-nums">
        {messageCopy.reach(preview.booked, preview.waiting)}
      </p>
      <DialogFooter
        error={error}
        pending={pending}
        confirmLabel={messageCopy.send}
        back={{ label: messageCopy.edit, onBack: onEdit, onConfirm: onSend }}
      />
    </section>
  );
}
