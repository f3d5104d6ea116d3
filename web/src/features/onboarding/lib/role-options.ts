import type { LucideIcon } from 'lucide-react';
import type { TRole } from '@app/contracts';
import { ROLE_ICONS } from '@/lib/session/roles';

export interface RoleOption {
  role: TRole;
  title: string;
  description: string;
  features: readonly string[];
  /** docs/product.md §9 "Money": what this role pays today. */
  price: string;
  priceNote: string;
  icon: LucideIcon;
}

export const ROLE_OPTIONS: readonly RoleOption[] = [
  {
    role: 'fan',
    title: 'Fan',
    description: 'Champion the artists and venues you love, and earn Payola for every one you put on the map.',
    features: [
      'Add and verify artists and venues',
      'Vote and favourite',
      '+1,000 PYL on verification, +100 PYL monthly',
      'Founding Fan number and badge',
    ],
    price: '$15.00',
    priceNote: 'today, then $5/month',
    icon: ROLE_ICONS.fan,
  },
  {
    role: 'artist',
    title: 'Artist',
    description: 'Claim your place in front of real, verified fans. No bots, no fake streams.',
    features: [
      'Profile goes public once a fan adds or validates you',
      'Add the venues you love to play',
      'Reach verified fans directly',
    ],
    price: '$10.00',
    priceNote: 'one-time verification',
    icon: ROLE_ICONS.artist,
  },
  {
    role: 'venue',
    title: 'Venue',
    description: 'Put your stage on the map for the fans and artists in your scene.',
    features: [
      'Get validated by verified members',
      'Listed in the venue directory',
      'Be found by fans and artists nearby',
    ],
    price: '$10.00',
    priceNote: 'one-time verification',
    icon: ROLE_ICONS.venue,
  },
  {
    role: 'service-provider',
    title: 'Service Provider',
    description: 'Join the network of people who keep live music running, from sound to stage.',
    features: ['Verified network membership', 'Connect with artists and venues', 'A trusted, verified profile'],
    price: '$10.00',
    priceNote: 'one-time verification',
    icon: ROLE_ICONS['service-provider'],
  },
  {
    role: 'industry-pro',
    title: 'Industry Pro',
    description: 'Scout verified talent and rooms with view-only access to the network.',
    features: ['Browse artist profiles', 'Browse venue listings', 'View-only access'],
    price: '$10.00',
    priceNote: 'one-time verification',
    icon: ROLE_ICONS['industry-pro'],
  },
  {
    role: 'listener',
    title: 'Listener',
    description: 'Follow the scene for free: browse verified artists and venues and keep your favourites.',
    features: ['Browse artists and venues', 'Favourite the ones you love', 'No payment, no identity check'],
    price: 'Free',
    priceNote: 'confirm your email to join',
    icon: ROLE_ICONS.listener,
  },
];

export function roleOption(role: TRole): RoleOption {
  return ROLE_OPTIONS.find((option) => option.role === role) ?? ROLE_OPTIONS[0]!;
}
