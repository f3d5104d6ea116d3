import { Building2, Save } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AddEntryPage } from '@/lib/catalog/add-entry-page';
import { formatPayola } from '@/lib/catalog/format';
import { useAddVenueFlow } from '../lib/use-add-venue-flow';
import { ConfirmDuplicateDialog, LoadVenueDialog, VenueAddedDialog } from './add-venue-dialogs';
import { VenueIdentitySection } from './venue-identity-section';

/** docs/product.md §2 "Add venue (/add-venue)". */
export function AddVenuePage() {
  const flow = useAddVenueFlow();
  const { form, state, dispatch, writes } = flow;
  const { loaded, candidate, toLoad } = state;

  const dialogs = (
    <>
      <ConfirmDuplicateDialog
        venue={candidate}
        reward={candidate?.hasUserConfirmed ? 0 : flow.preview?.confirmDuplicate}
        pending={writes.confirming}
        onConfirm={() => candidate && writes.confirm(candidate)}
        onClose={() => dispatch({ type: 'rejectCandidate' })}
      />
      <LoadVenueDialog
        venue={toLoad}
        onLoad={() => toLoad && flow.load(toLoad)}
        onClose={() => dispatch({ type: 'toLoad', venue: null })}
      />
    </>
  );

  return (
    <AddEntryPage
      flow={flow}
      title="Add a Music Venue"
      intro="Put a venue you love on the map so fans and artists can find it. We check for venues already here as you type."
      backTo="/venues"
      backLabel="Back to Venues"
      formLabel={loaded ? `Update ${loaded.name}` : 'Add a venue'}
      loadedNotice={
        loaded && (
          <>
            <strong className="font-semibold">{loaded.name}</strong> is loaded. You added this venue: change what you
            need and save it.
          </>
        )
      }
      AddedDialog={VenueAddedDialog}
      dialogs={dialogs}
    >
      <VenueIdentitySection form={form} state={state} similar={flow.similar} dispatch={dispatch} />

      <Card className="gap-5 p-6 sm:p-7">
        {loaded ? (
          <Button type="submit" size="lg" block loading={writes.saving} loadingText="Saving Venue...">
            <Save aria-hidden="true" />
            Save Venue Changes
          </Button>
        ) : (
          <AddVenueButton reward={flow.preview?.addVenue} pending={writes.saving} />
        )}
      </Card>
    </AddEntryPage>
  );
}

function AddVenueButton({ reward, pending }: { reward: number | undefined; pending: boolean }) {
  return (
    <Button
      type="submit"
      size="lg"
      block
      loading={pending}
      loadingText="Adding Venue..."
      className="h-auto min-h-13 py-3 whitespace-normal"
    >
      <Building2 aria-hidden="true" />
      {/* docs/decisions.md: the button shows what this fan will really earn. */}
      {reward ? `Add Venue & Earn ${formatPayola(reward)} Payola! 🎉` : 'Add Venue'}
    </Button>
  );
}
