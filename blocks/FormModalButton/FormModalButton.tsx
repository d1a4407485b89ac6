import type { BlockComponent } from '../types';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { prepareForm } from '../../server/page-data/form-block';
import { FormDialog } from './FormDialog.client';
import styles from './FormModalButton.module.css';

export const FormModalButton: BlockComponent<'FormModalButton'> = async ({ props, ctx }) => {
  const car = props.car === 'page' ? (await pageVehicle(ctx)).car : undefined;
  const prepared = await prepareForm(ctx.tenant, props.form, car ? { car } : {});
  if (!prepared) return null;
  return (
    <div className={styles.modalButton}>
      <FormDialog
        site={ctx.tenant.slug}
        label={props.label}
        style={props.style ?? 'outline'}
        form={prepared.form}
        {...(prepared.car ? { car: prepared.car } : {})}
      />
    </div>
  );
};
