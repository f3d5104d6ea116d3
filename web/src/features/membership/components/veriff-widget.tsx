import { createVeriffFrame, MESSAGES } from '@veriff/incontext-sdk';
import { useEffect, useEffectEvent, useId } from 'react';

interface VeriffWidgetProps {
  url: string;
  /** FINISHED: the user submitted; it is not a decision (that arrives by webhook). */
  onFinished: () => void;
  onClosed: () => void;
}

/** Veriff's InContext widget: embedded where there is room for it (600 px and wider), else its own modal. */
export default function VeriffWidget({ url, onFinished, onClosed }: VeriffWidgetProps) {
  const rootId = `veriff-root-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const handleEvent = useEffectEvent((message: MESSAGES) => {
    if (message === MESSAGES.FINISHED) onFinished();
    else if (message === MESSAGES.CANCELED) {
      console.info('Identity verification closed');
      onClosed();
    } else console.info('Identity verification', message);
  });

  useEffect(() => {
    const embedded = window.matchMedia('(min-width: 640px)').matches;
    const frame = createVeriffFrame({
      url,
      embedded,
      embeddedOptions: embedded ? { rootElementID: rootId } : undefined,
      onEvent: handleEvent,
    });
    return () => frame.close();
  }, [url, rootId]);

  return <div id={rootId} className="min-h-0 w-full overflow-hidden rounded-2xl sm:min-h-[680px]" />;
}
