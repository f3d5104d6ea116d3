import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { AddEntryPage } from '@/lib/catalog/add-entry-page';
import { FormSection } from '@/lib/catalog/form-section';
import { cn } from '@/lib/utils';
import { useAddArtistFlow } from '../lib/use-add-artist-flow';
import { ArtistAddedDialog, ArtistVerifiedDialog, SameArtistDialog } from './add-artist-dialogs';
import { AddArtistSubmit } from './add-artist-submit';
import { ArtistIdentitySection } from './artist-identity-section';
import { FanMessageSection } from './fan-message-section';
import { LinkHubSection } from './link-hub-section';
import { RewardSummary } from './reward-summary';

/** docs/product.md §2 "Add artist (/add-artist)". */
export function AddArtistPage() {
  const flow = useAddArtistFlow();
  const { form, state, dispatch, writes } = flow;
  const { mode, loaded, candidate } = state;

  const dialogs = (
    <>
      <SameArtistDialog
        artist={candidate}
        preview={flow.preview}
        newLinks={flow.candidateNewLinks}
        pending={writes.verifying}
        onConfirm={() => candidate && writes.verify(candidate)}
        onReject={() => dispatch({ type: 'rejectCandidate' })}
        onClose={() => dispatch({ type: 'candidate', candidate: null })}
      />
      <ArtistVerifiedDialog
        result={state.verified}
        onClose={() => dispatch({ type: 'closeVerified' })}
        onAnother={() => flow.restart({ type: 'verifyAnother' })}
      />
    </>
  );

  return (
    <AddEntryPage
      flow={flow}
      title={mode === 'add' ? 'Add an Amazing Artist!' : 'Please add another artist!'}
      intro="Put an artist you love on the map. Add their profile links so other fans can verify them, and earn Payola for every one."
      backTo="/artists"
      backLabel="Back to Artists"
      formLabel={mode === 'add' ? 'Add an artist' : 'Add another artist'}
      loadedNotice={
        loaded && (
          <>
            <strong className="font-semibold">{loaded.artist.name}</strong> is loaded with the links it has. You
            verified this artist already: add any links it is missing below and save them.
          </>
        )
      }
      AddedDialog={ArtistAddedDialog}
      dialogs={dialogs}
    >
      <ArtistIdentitySection
        form={form}
        loaded={loaded !== null}
        similar={flow.similar}
        loadingId={state.loadingId}
        onLoad={(artist) => void flow.load(artist)}
        dispatch={dispatch}
      />

      <LinkHubSection form={form} filled={flow.filled} />

      <FormSection
        number={3}
        title="Tell Their Story"
        description="What makes them worth hearing? Optional, but fans love it."
      >
        <Field label="Bio" error={form.formState.errors.bio?.message} optional>
          <Textarea
            rows={5}
            readOnly={loaded !== null}
            className={cn(loaded && 'opacity-60')}
            {...form.register('bio')}
          />
        </Field>
      </FormSection>

      {!loaded && (
        <FormSection
          number={4}
          title="Fan Message"
          description="Tell the artist what their music means to you, on video. Optional."
        >
          <FanMessageSection
            values={state.fanMessage}
            onChange={(values) => dispatch({ type: 'fanMessage', values })}
            upload={flow.video}
          />
        </FormSection>
      )}

      <RewardSummary
        preview={flow.preview}
        links={loaded ? flow.loadedNewLinks : flow.filled}
        linksOnly={loaded !== null}
        fanMessage={flow.fanMessageReward}
      />

      <AddArtistSubmit
        values={flow.values}
        filled={flow.filled}
        attested={state.attested}
        onAttest={(attested) => dispatch({ type: 'attest', attested })}
        loaded={loaded !== null}
        newLinks={flow.loadedNewLinks}
        pending={writes.pending}
      />
    </AddEntryPage>
  );
}
