import type { BlockComponent } from '../types';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { prepareForm } from '../../server/page-data/form-block';
import { EnquiryFormClient } from './EnquiryForm.client';
import { EnquiryFormLazy } from './EnquiryFormLazy.client';
import formStyles from '../../components/ui/form.module.css';
import styles from './EnquiryForm.module.css';

export const EnquiryForm: BlockComponent<'EnquiryForm'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const car = props.car === 'page' ? (await pageVehicle(ctx)).car : undefined;
  const carRef = props.car === 'query' ? ((await ctx.searchParams()).get('car_id') ?? undefined) : undefined;
  const prepared = await prepareForm(tenant, props.form, { ...(car ? { car } : {}), ...(carRef ? { carRef } : {}) });
  if (!prepared) return null;
  const initialValues: Record<string, string> = {};
  if (props.prefill) {
    const query = await ctx.searchParams();
    const known = new Set(prepared.form.steps.flatMap((s) => s.fields.map((f) => f.name)));
    for (const [field, param] of Object.entries(props.prefill)) {
      const value = param ? query.get(param)?.slice(0, 200) : undefined;
      if (value && known.has(field)) initialValues[field] = value;
    }
  }
  const { form } = prepared;
  const headingId = `${form.name}-heading`;
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={`section enquiry${props.band === 'surface' ? ` ${styles.surface}` : ''}`}
      aria-labelledby={headingId}
    >
      <div className={`container ${formStyles.inner}`}>
        <Heading id={headingId}>{props.heading ?? form.title}</Heading>
        {(props.intro ?? form.intro) ? <p className={formStyles.intro}>{props.intro ?? form.intro}</p> : null}
        {prepared.car && props.car === 'query' ? (
          <p className={formStyles.about}>
            About: <a href={`/cars/${prepared.car.slug}`}>{prepared.car.name}</a>
          </p>
        ) : null}
        {props.load === 'visible' ? (
          <EnquiryFormLazy
            site={tenant.slug}
            form={form}
            stepHeadingLevel={props.headingLevel === 1 ? 2 : 3}
            initialValues={initialValues}
            {...(prepared.car ? { car: prepared.car } : {})}
          />
        ) : (
          <EnquiryFormClient
            site={tenant.slug}
            form={form}
            stepHeadingLevel={props.headingLevel === 1 ? 2 : 3}
            initialValues={initialValues}
            {...(prepared.car ? { car: prepared.car } : {})}
          />
        )}
      </div>
    </section>
  );
};
