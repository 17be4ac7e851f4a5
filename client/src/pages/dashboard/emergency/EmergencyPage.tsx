// /dashboard/emergency (docs/product-rules.md, Screens, Behaviour and Validation): the add form, then
// the numbers in the order visitors see them. Staff move a number up or down with its buttons (the
// keyboard keeps its place on the moved row); each move is saved at once and the public pages, and
// their offline copy, follow. A new number goes last; a row is edited in place; a delete names the
// number and waits for the server.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiRequestError } from '../../../api/client';
import { deleteAfterConfirm } from '../../../components/dashboard/deleteAfterConfirm';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { useFormErrors } from '../../../components/dashboard/formErrors';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import type { EmergencyItem } from '@shared/api-types';
import { EmergencyAddForm } from './EmergencyAddForm';
import { EmergencyEditRow } from './EmergencyEditRow';

type Direction = 'up' | 'down';
const COLUMNS = 7;
const nameOf = (item: EmergencyItem) => `${item.nameEN} ${item.value}`;

export function EmergencyPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: items, setData: setItems, error, loading, reload } = useApi<EmergencyItem[]>('/api/emergency');
  const [editing, setEditing] = useState<string | null>(null);
  const orderErrors = useFormErrors();
  const [announcement, setAnnouncement] = useState('');
  // The button just pressed: once its row has moved, focus goes back to it (or to its row's other
  // move button at the top or the bottom, where it is disabled).
  const moved = useRef<{ id: string; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Moves are saved one after the other; only the answer to the latest one is shown.
  const saving = useRef<{ queue: Promise<unknown>; latest: number }>({ queue: Promise.resolve(), latest: 0 });

  useEffect(() => {
    const pressed = moved.current;
    if (!pressed) return;
    moved.current = null;
    const same = buttons.current.get(`${pressed.id}:${pressed.direction}`);
    const other = buttons.current.get(`${pressed.id}:${pressed.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [items]);

  function move(item: EmergencyItem, direction: Direction) {
    if (!items) return;
    const from = items.findIndex((entry) => entry._id === item._id);
    const to = from + (direction === 'up' ? -1 : 1);
    if (from < 0 || to < 0 || to >= items.length) return;
    const previous = items;
    const next = [...items];
    [next[from], next[to]] = [next[to], next[from]];
    setItems(next);
    moved.current = { id: item._id, direction };
    orderErrors.clear();
    setAnnouncement(t('emergency.movedTo', { name: nameOf(item), place: to + 1, count: next.length }));
    const request = ++saving.current.latest;
    saving.current.queue = saving.current.queue.then(async () => {
      try {
        const saved = await api.put<EmergencyItem[]>('/api/emergency/order', { ids: next.map((entry) => entry._id) });
        if (request === saving.current.latest) setItems(saved);
      } catch (failure) {
        if (request !== saving.current.latest) return;
        setItems(previous);
        orderErrors.showFailure(failure);
        // Someone added or deleted a number meanwhile: show the list as it is now.
        if (failure instanceof ApiRequestError && failure.status === 409) reload();
      }
    });
  }

  const replace = (saved: EmergencyItem) => {
    setItems((list) => (list ?? []).map((item) => (item._id === saved._id ? saved : item)));
    setEditing(null);
  };

  const remove = (item: EmergencyItem) => deleteAfterConfirm(item, setItems, {
    url: `/api/emergency/${encodeURIComponent(item._id)}`, confirmKey: 'emergency.confirmDelete', name: nameOf(item), failure: 'server',
  });

  const moveButton = (item: EmergencyItem, direction: Direction, disabled: boolean) => (
    <button type="button" className="dash-button" disabled={disabled}
      ref={(element) => { if (element) buttons.current.set(`${item._id}:${direction}`, element); else buttons.current.delete(`${item._id}:${direction}`); }}
      aria-label={t(direction === 'up' ? 'emergency.moveUpNamed' : 'emergency.moveDownNamed', { name: nameOf(item) })}
      onClick={() => move(item, direction)}>
      <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span> {t(direction === 'up' ? 'emergency.moveUp' : 'emergency.moveDown')}
    </button>
  );

  return (
    <>
      <PageTitle text={t('emergency.title')} />
      <EmergencyAddForm onAdded={(item) => setItems((list) => [...(list ?? []), item])} />
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {items && (
        <section className="dash-section" aria-labelledby="emergency-list">
          <h2 id="emergency-list">{t('emergency.listTitle')}</h2>
          <p className="dash-hint">{t('emergency.orderHint')}</p>
          <ErrorSummary form={orderErrors} />
          <p className="dash-sr-only" role="status">{announcement}</p>
          <div className="dash-table-wrap">
            <table className="dash-table">
              <caption className="dash-sr-only">{t('emergency.listTitle')}</caption>
              <thead>
                <tr><th scope="col">{t('emergency.place')}</th><th scope="col">{t('emergency.type')}</th><th scope="col">{t('emergency.nameEn')}</th>
                  <th scope="col">{t('emergency.nameAr')}</th><th scope="col">{t('emergency.number')}</th>
                  <th scope="col">{t('emergency.order')}</th><th scope="col">{t('common.actions')}</th></tr>
              </thead>
              <tbody>
                {items.map((item, index) => (editing === item._id
                  ? <EmergencyEditRow key={item._id} item={item} columns={COLUMNS} onSaved={replace} onCancel={() => setEditing(null)} />
                  : (
                    <tr key={item._id}>
                      <td>{(index + 1).toLocaleString(i18n.language === 'ar' ? 'ar-IQ-u-nu-latn' : 'en')}</td>
                      <td>{t(`emergencyTypes.${item.type}`)}</td>
                      <td lang="en" dir="ltr">{item.nameEN}</td>
                      <td lang="ar" dir="rtl">{item.nameAR}</td>
                      <td><bdi dir="ltr">{item.value}</bdi></td>
                      <td>
                        <div className="dash-row-actions">
                          {moveButton(item, 'up', index === 0)}
                          {moveButton(item, 'down', index === items.length - 1)}
                        </div>
                      </td>
                      <td>
                        <div className="dash-row-actions">
                          <button type="button" className="dash-button" onClick={() => setEditing(item._id)}
                            aria-label={t('common.editNamed', { name: nameOf(item) })}>{t('common.edit')}</button>
                          <DeleteButton name={nameOf(item)} onDelete={() => void remove(item)} />
                        </div>
                      </td>
                    </tr>
                  )))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
