import { CHAT_MESSAGE_MAX_LENGTH } from '@doppel/contracts';
import { ChevronRight, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const MAX_ROWS = 6;

interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; never with an empty one. */
  onSubmit: (content: string) => void;
  /** The twin is answering: nothing can be typed or sent until it is done. */
  disabled: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The console's prompt: Enter sends, Shift+Enter starts a new line. Blank text is never sent
 *. The help hint names /help and /status.
 */
export function ChatInput({ value, onChange, onSubmit, disabled, inputRef }: ChatInputProps) {
  const { t } = useTranslation('agent');
  const fieldId = useId();
  const hintId = useId();
  const content = value.trim();
  const canSend = content !== '' && !disabled;

  // Typing goes on where it stopped once the answer is in.
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    if (wasDisabled.current && !disabled) inputRef.current?.focus();
    wasDisabled.current = disabled;
  }, [disabled, inputRef]);

  const submit = () => {
    if (canSend) onSubmit(content);
  };

  return (
    <form
      className="grid gap-1.5 border-t border-zinc-800 px-3 pt-3 pb-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2 rounded-md border border-zinc-700 bg-zinc-900 py-1 pr-1 pl-2 focus-within:border-zinc-500 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-indigo-400">
        <ChevronRight aria-hidden="true" className="mb-2.5 size-4 shrink-0 text-emerald-400 md:mb-2" />
        <label htmlFor={fieldId} className="sr-only">
          {t('input.label')}
        </label>
        <textarea
          id={fieldId}
          ref={inputRef}
          value={value}
          rows={Math.min(MAX_ROWS, value.split('\n').length)}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          disabled={disabled}
          placeholder={t('input.placeholder')}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          className="min-h-11 flex-1 resize-none bg-transparent py-2.5 font-mono text-base text-zinc-50 outline-none placeholder:text-zinc-500 disabled:opacity-60 md:min-h-9 md:py-2 md:text-sm"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label={t('input.send')}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <p id={hintId} className="px-1 text-xs text-zinc-400">
        {t('input.hint')}
      </p>
    </form>
  );
}
