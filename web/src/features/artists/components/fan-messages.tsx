import { useQuery } from '@tanstack/react-query';
import { Lock, MessageSquareHeart, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { TFanMessage } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { fanMessagesQueryOptions } from '../api/fan-messages';
import { longUsDate } from '@/lib/catalog/format';

/** The artist profile's video messages from fans: public ones for everyone, private ones for their author. */
export function FanMessages({ artistId, artistName }: { artistId: string; artistName: string }) {
  const messages = useQuery(fanMessagesQueryOptions(artistId));
  const headingId = useId();
  return (
    <Card className="mt-6 animate-rise p-6 [animation-delay:160ms] sm:p-7">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight">
          <MessageSquareHeart aria-hidden="true" className="size-5 text-accent" />
          Fan Messages
        </h2>
        {messages.isPending ? (
          <Skeleton aria-label="Loading fan messages" className="mt-4 h-40 rounded-2xl" />
        ) : messages.isError ? (
          <p className="mt-3 text-subtle-foreground">Fan messages could not be loaded. Reload the page to try again.</p>
        ) : messages.data.length === 0 ? (
          <p className="mt-3 text-subtle-foreground">No fan messages for {artistName} yet.</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-5 md:grid-cols-2">
            {messages.data.map((message) => (
              <li key={message.id}>
                <FanMessageCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** The sender as the product names members: 'Fan #n' (messages from before it was recorded: 'A fan'). */
function senderLabel(foundingFanNumber: number | null): string {
  return foundingFanNumber ? `Fan #${foundingFanNumber}` : 'A fan';
}

function FanMessageCard({ message }: { message: TFanMessage }) {
  return (
    <figure className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface-raised">
      <LazyVideo
        src={message.videoUrl}
        poster={message.posterUrl}
        label={`Fan message from ${senderLabel(message.sender.foundingFanNumber)}: ${message.message}`}
      />
      <figcaption className="flex flex-1 flex-col gap-3 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-accent-soft text-accent">
            <UserRound aria-hidden="true" className="size-4" />
          </span>
          <span>
            <span className="sr-only">From </span>
            {senderLabel(message.sender.foundingFanNumber)}
          </span>
        </p>
        <p className="leading-relaxed whitespace-pre-line">{message.message}</p>
        <div className="mt-auto flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {!message.isPublic && (
            <Badge variant="outline" size="sm">
              <Lock aria-hidden="true" />
              Private: only you see this
            </Badge>
          )}
          {message.byYou && message.isPublic && (
            <Badge variant="soft" size="sm">
              Your message
            </Badge>
          )}
          <span>{longUsDate(message.createdAt)}</span>
        </div>
      </figcaption>
    </figure>
  );
}

/**
 * A video that loads nothing until it is near the screen: then its poster shows (when the server made
 * one) and, without a poster, only its metadata loads so the first frame can show. Playing streams it.
 */
function LazyVideo({ src, poster, label }: { src: string; poster: string | null; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    // Fans upload these videos themselves and no captions exist for them; the fan's written message is
    // the figure's caption beside it (and the video's label), so a <track> would have nothing to point at.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={ref}
      src={near ? src : undefined}
      poster={near && poster ? poster : undefined}
      preload={poster ? 'none' : 'metadata'}
      controls
      playsInline
      aria-label={label}
      className="aspect-video w-full bg-black"
    />
  );
}
