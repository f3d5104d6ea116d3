import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';

export interface VerificationRequiredDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the dialog (a Button). */
  trigger?: ReactNode;
}

/**
 * docs/product.md §2 "Verification Required modal": shown whenever a non-verified or non-fan user tries to add
 * content (the add-artist and add-venue forms open it instead of submitting).
 */
export function VerificationRequiredDialog({ open, onOpenChange, trigger }: VerificationRequiredDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      icon={
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent ring-1 ring-accent/25">
          <ShieldCheck aria-hidden="true" className="size-7" />
        </span>
      }
      title="Verification Required"
      description="Adding artists and venues takes a verified fan account. Complete your identity verification to start adding content and earning Payola."
      footer={
        <>
          <DialogClose>
            <Button variant="outline">Not Now</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/kyc-launch">
              <ShieldCheck aria-hidden="true" />
              Complete Verification
            </Link>
          </Button>
        </>
      }
    />
  );
}
