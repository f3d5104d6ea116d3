import { CircleAlert, CircleCheck, FileUp, Pause, Play, RotateCcw, X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

export type FileUploadStatus = 'idle' | 'uploading' | 'paused' | 'checking' | 'done' | 'error';

export interface FileUploadProps {
  /** The visible label of the file picker. */
  label: string;
  /** Limits and advice shown under the picker. */
  hint: ReactNode;
  accept: string;
  status: FileUploadStatus;
  /** 0-100. */
  progress: number;
  fileName: string | null;
  /** Shown when the upload failed. */
  error?: ReactNode;
  /** Shown when the upload is done (a preview, for example). */
  done?: ReactNode;
  onSelect(file: File): void;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  className?: string;
}

const STATUS_TEXT: Record<FileUploadStatus, string> = {
  idle: '',
  uploading: 'Uploading',
  paused: 'Paused',
  checking: 'Checking the file',
  done: 'Uploaded',
  error: 'Upload failed',
};

/** One file: a picker, then a progress bar with pause, resume and cancel, then the outcome. */
export function FileUpload({
  label,
  hint,
  accept,
  status,
  progress,
  fileName,
  error,
  done,
  onSelect,
  onPause,
  onResume,
  onCancel,
  className,
}: FileUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const busy = status === 'uploading' || status === 'paused' || status === 'checking';

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {!busy && status !== 'done' && (
        <label
          htmlFor={inputId}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-border-strong',
            'bg-surface-raised px-5 py-7 text-center transition-colors hover:border-accent/60',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          )}
        >
          <FileUp aria-hidden="true" className="size-7 text-accent" />
          <span className="font-semibold">{label}</span>
          <span id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </span>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={accept}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onSelect(file);
            }}
          />
        </label>
      )}

      {status !== 'idle' && (
        <div
          className="flex flex-col gap-3 rounded-2xl border border-border-strong bg-surface-raised p-4"
          aria-live="polite"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex min-w-0 items-center gap-2 text-sm">
              {status === 'done' && <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-accent" />}
              {status === 'error' && (
                <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
              )}
              <span className="font-semibold">{STATUS_TEXT[status]}</span>
              {fileName && <span className="truncate text-muted-foreground">{fileName}</span>}
            </p>
            <div className="flex gap-2">
              {status === 'uploading' && (
                <Button size="sm" variant="outline" onClick={onPause}>
                  <Pause aria-hidden="true" />
                  Pause
                </Button>
              )}
              {status === 'paused' && (
                <Button size="sm" variant="outline" onClick={onResume}>
                  <Play aria-hidden="true" />
                  Resume
                </Button>
              )}
              {(status === 'uploading' || status === 'paused') && (
                <Button size="sm" variant="ghost" onClick={onCancel}>
                  <X aria-hidden="true" />
                  Cancel upload
                </Button>
              )}
              {(status === 'done' || status === 'error') && (
                <Button size="sm" variant="ghost" onClick={onCancel}>
                  <RotateCcw aria-hidden="true" />
                  {status === 'done' ? 'Remove' : 'Try again'}
                </Button>
              )}
            </div>
          </div>
          {busy && (
            <div
              role="progressbar"
              aria-label={`Uploading ${fileName ?? 'file'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={`${progress}%`}
              className="h-2 overflow-hidden rounded-full bg-surface-overlay"
            >
              <div
                className={cn(
                  'h-full rounded-full bg-accent transition-[width] duration-300',
                  status === 'paused' && 'bg-muted-foreground',
                )}
                style={{ width: `${progress}%` }}
              />
            </div>
          )}
          {status === 'error' && error && <p className="text-sm font-medium text-destructive-text">{error}</p>}
          {status === 'done' && done}
        </div>
      )}
    </div>
  );
}
