import type { BlockComponent } from '../types';
import { isSwitchedOn } from '../../domain/switches';
import { Tray } from './CompareTray.client';

/** The compare tray on every page of a site where shoppers can compare (features.compare). */
export const CompareTray: BlockComponent<'CompareTray'> = ({ ctx }) =>
  isSwitchedOn('compare', ctx.tenant.features) ? <Tray site={ctx.tenant.slug} /> : null;
