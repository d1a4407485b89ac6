import type { BlockComponent } from '../types';
import { Favourites } from './FavouritesList.client';

export const FavouritesList: BlockComponent<'FavouritesList'> = ({ props, ctx }) => (
  <Favourites site={ctx.tenant.slug} heading={props.heading ?? 'Your favourites'} />
);
