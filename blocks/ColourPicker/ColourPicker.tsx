import type { BlockComponent } from '../types';
import { pageModel } from '../../server/page-data/model-context';
import { ColourPickerPanel } from './ColourPicker.client';

export const ColourPicker: BlockComponent<'ColourPicker'> = async ({ props, ctx }) => {
  const { model, manufacturer } = await pageModel(ctx);
  const colours = model.colours ?? [];
  const variants = model.model_variants
    .map((v) => v.full_name)
    .filter((name) => colours.some((c) => c.model_variant_name === name));
  if (!variants.length) return null;
  return (
    <ColourPickerPanel
      heading={props.heading ?? 'Colours'}
      modelName={`${manufacturer.name} ${model.name}`}
      variants={variants}
      colours={colours}
    />
  );
};
