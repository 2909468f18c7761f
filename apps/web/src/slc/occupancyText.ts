// The SLC card's occupancy in words, from the core's figures (meta.slc).
// The dynamic allowance shrinks as user data fills the drive, while what
// the cache already holds stays until migration folds it: the cache can
// hold more than it has room for now (a 665p-like drive 50 % full holds
// 60.4 GB with room for 59.1 GB). Such a pair is never printed as a
// fraction ("60.4 / 59.1 GB" reads as a cache over-full); the shrink is
// said in words, with the capacity when the host started and now.

import { formatBytes } from '../app/format';
import { formatOccupancy, occupancyNumber, occupancyUnit } from './funnelGeometry';
import type { SlcView } from './slcFigures';

type Figures = Pick<
  SlcView,
  | 'usedBytes'
  | 'capacityBytes'
  | 'maxBytes'
  | 'capacityAtStartBytes'
  | 'dynamicUsedBytes'
  | 'dynamicCapacityBytes'
>;

/** "3.2 / 12.0 GB" while what the cache holds fits its room, else "60.4 GB held". */
export function occupancyText(view: Figures): string {
  const { usedBytes, capacityBytes, maxBytes } = view;
  if (usedBytes <= capacityBytes) return formatOccupancy(usedBytes, capacityBytes, maxBytes);
  return `${occupancyNumber(usedBytes, maxBytes)} ${occupancyUnit(maxBytes)[0]} held`;
}

/** The dynamic part: "12.6 MB of 33.6 MB", or "48.5 GB held" once its allowance fell below it. */
export function dynamicText(view: Figures): string {
  const { dynamicUsedBytes, dynamicCapacityBytes } = view;
  return dynamicUsedBytes <= dynamicCapacityBytes
    ? `${formatBytes(dynamicUsedBytes)} of ${formatBytes(dynamicCapacityBytes)}`
    : `${formatBytes(dynamicUsedBytes)} held`;
}

/**
 * Null unless the cache has room for less than when the host started;
 * then "Shrank from 76.0 to 59.1 GB as user data filled the drive", and
 * ": less room than it holds" when what it took in while it had room is
 * more than that.
 */
export function shrinkText(view: Figures): string | null {
  const { capacityAtStartBytes, capacityBytes, usedBytes, maxBytes } = view;
  const [unit] = occupancyUnit(maxBytes);
  const from = occupancyNumber(capacityAtStartBytes, maxBytes);
  const to = occupancyNumber(capacityBytes, maxBytes);
  // No shrink, or one too small to show in the card's unit.
  if (!(capacityAtStartBytes > capacityBytes) || from === to) return null;
  const shrank = `Shrank from ${from} to ${to} ${unit} as user data filled the drive`;
  return usedBytes > capacityBytes ? `${shrank}: less room than it holds` : shrank;
}
