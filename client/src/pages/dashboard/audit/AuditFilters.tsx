// The audit log's filters: one person, one kind of item, a period of days. They live in the address
// (?person=&entity=&from=&to=), so Back and a bookmark keep them, as the posts list does.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SelectField, TextField } from '../../../components/dashboard/Field';
import type { AuditFacets } from '@shared/api-types';
import { KNOWN_KINDS } from './auditWording';

export const FILTERS = ['person', 'entity', 'from', 'to'] as const;
export type AuditFilterValues = Record<(typeof FILTERS)[number], string>;

interface AuditFiltersProps {
  values: AuditFilterValues;
  facets: AuditFacets | null;
  onApply: (values: AuditFilterValues) => void;
}

export function AuditFilters({ values, facets, onApply }: AuditFiltersProps) {
  const { t } = useTranslation('dashboard');
  // Dates are typed first and applied with the button; the two lists apply at once. What is typed
  // follows the address only when the address changes (Back, a list chosen), not at every render.
  const applied = JSON.stringify(values);
  const [typed, setTyped] = useState({ for: applied, from: values.from, to: values.to });
  if (typed.for !== applied) setTyped({ for: applied, from: values.from, to: values.to });

  const people = (facets?.people ?? []).map((person) => [person.person, person.name ? `${person.name} (${person.email})` : person.email === 'system' ? t('audit.system') : person.email] as const);
  const kinds = [...new Set([...KNOWN_KINDS, ...(facets?.entities ?? [])])].map((kind) => [kind, t(`audit.kinds.${kind}`) || kind] as const);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...values, from: typed.from, to: typed.to });
  };

  return (
    <form className="dash-form dash-inline-form" onSubmit={onSubmit} noValidate role="search" aria-label={t('audit.filters')}>
      <SelectField path="person" label={t('audit.person')} value={values.person} options={[['', t('audit.anyone')], ...people]}
        onChange={(person) => onApply({ ...values, person })} />
      <SelectField path="entity" label={t('audit.kind')} value={values.entity} options={[['', t('audit.anyKind')], ...kinds]}
        onChange={(entity) => onApply({ ...values, entity })} />
      <TextField path="from" label={t('visits.from')} type="date" dir="ltr" value={typed.from} onChange={(from) => setTyped({ ...typed, from })} />
      <TextField path="to" label={t('visits.to')} type="date" dir="ltr" value={typed.to} onChange={(to) => setTyped({ ...typed, to })} />
      <div className="dash-actions">
        <button type="submit" className="dash-button dash-primary">{t('visits.show')}</button>
        {FILTERS.some((key) => values[key] !== '') && <Link href="/audit" className="dash-button">{t('posts.clearFilters')}</Link>}
      </div>
    </form>
  );
}
