import { CarFront, ChevronUp, Plus, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import { purchasedVehicleMessages as m, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { ListPager } from '../components/list-pager';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useAdminVehicles } from './api/list-vehicles';
import { useUpdateVehicle } from './api/update-vehicle';
import { AddVehicleForm } from './components/add-vehicle-form';
import { DeleteVehicleDialog } from './components/delete-vehicle-dialog';
import { EditVehicleDialog } from './components/edit-vehicle-dialog';
import { VehicleCard, type VehicleAction } from './components/vehicle-card';

export const handle: RouteHandle = { meta: { title: 'Purchased vehicles', noindex: true } };

/** `?page=2`; anything unreadable is the first page. */
function readPage(search: URLSearchParams): number {
  const page = search.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1;
}

const pageHref = (page: number) => (page > 1 ? `?page=${page}` : '?');

/**
 * /admin/purchased-vehicles (SPEC section 2): the cars the public "Recently purchased" page and
 * the home page show. Add one with its photos, hide or show it, edit it (details and photos),
 * delete it. The page lives in the address.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const page = readPage(search);
  const vehicles = useAdminVehicles(page);
  const toggle = useUpdateVehicle();
  const formId = useId();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminPurchasedVehicle | null>(null);
  const [deleting, setDeleting] = useState<AdminPurchasedVehicle | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Where focus goes when a dialog closes: the card's button, or the list once the card is gone.
  const returnFocus = useRef<HTMLElement | null>(null);

  const refresh = async () => {
    const result = await vehicles.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
    else
      toast({
        title: 'Error',
        description: errorMessage(result.error, 'Failed to load vehicles'),
        variant: 'destructive',
      });
  };

  const closeForm = () => {
    setAdding(false);
    addButton.current?.focus();
  };
  const onAdded = () => {
    closeForm();
    // The newest vehicle is first on the first page.
    if (page !== 1) setSearch({}, { preventScrollReset: true });
  };

  const onAction = (vehicle: AdminPurchasedVehicle, action: VehicleAction, trigger: HTMLElement) => {
    returnFocus.current = trigger;
    if (action === 'edit') setEditing(vehicle);
    else if (action === 'delete') setDeleting(vehicle);
    else
      toggle.mutate(
        { id: vehicle.id, change: { isVisible: !vehicle.isVisible } },
        {
          onSuccess: (saved) => toast({ title: saved.isVisible ? m.shown : m.hidden }),
          onError: (error) =>
            toast({
              title: m.toggleFailed,
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        },
      );
  };

  const data = vehicles.data;
  return (
    <>
      <PageHeader
        title="Purchased vehicles"
        description="Cars we have bought. Visible ones are shown on the public “Recently purchased” page and the home page; registration and price stay internal."
        actions={
          <>
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={vehicles.isFetching}>
              <RefreshCw aria-hidden="true" className={cn(vehicles.isFetching && 'animate-spin')} />
              Refresh
            </Button>
            <Button
              ref={addButton}
              variant="primary"
              size="sm"
              aria-expanded={adding}
              aria-controls={adding ? formId : undefined}
              onClick={() => setAdding((open) => !open)}
            >
              {adding ? <ChevronUp aria-hidden="true" /> : <Plus aria-hidden="true" />}
              Add Vehicle
            </Button>
          </>
        }
      />

      <AddVehicleForm id={formId} open={adding} onClose={closeForm} onAdded={onAdded} />

      <section aria-labelledby="vehicles-heading">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2
            id="vehicles-heading"
            ref={listHeading}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-bold text-brand-950 focus:outline-none"
          >
            <CarFront aria-hidden="true" className="size-5 text-brand-600" />
            Vehicles
          </h2>
          {data ? (
            <p className="text-sm text-muted" aria-live="polite">
              {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'vehicle' : 'vehicles'}, newest added first
            </p>
          ) : null}
        </div>

        {vehicles.isPending ? (
          <Card>
            <ListLoading label="Loading vehicles..." />
          </Card>
        ) : vehicles.isError && !data ? (
          <Card>
            <ListError title="Failed to load vehicles" error={vehicles.error} onRetry={() => void vehicles.refetch()} />
          </Card>
        ) : !data || data.items.length === 0 ? (
          <Card className="grid justify-items-center gap-2 px-4 py-14 text-center">
            <CarFront aria-hidden="true" className="size-8 text-brand-500" />
            {data && data.total > 0 ? (
              <>
                <p className="font-semibold text-brand-950">Nothing on this page</p>
                <p className="text-sm text-muted">The list is shorter than that now.</p>
                <Button asChild variant="outline" size="sm" className="mt-1">
                  <Link to={pageHref(1)}>Go to the first page</Link>
                </Button>
              </>
            ) : (
              <>
                <p className="font-semibold text-brand-950">No vehicles added yet</p>
                <p className="max-w-md text-sm text-muted">
                  Use “Add Vehicle” to add a car you have bought, with up to 3 photos.
                </p>
              </>
            )}
          </Card>
        ) : (
          <>
            <ul
              aria-label="Purchased vehicles"
              className={cn('grid gap-5 sm:grid-cols-2 lg:grid-cols-3', vehicles.isPlaceholderData && 'opacity-60')}
            >
              {data.items.map((vehicle) => (
                <li key={vehicle.id}>
                  <VehicleCard
                    vehicle={vehicle}
                    toggling={toggle.isPending && toggle.variables.id === vehicle.id}
                    onAction={onAction}
                  />
                </li>
              ))}
            </ul>
            {data.pageCount > 1 ? (
              <Card className="mt-5">
                <ListPager
                  label="Pages of vehicles"
                  page={page}
                  pageCount={data.pageCount}
                  count={`${data.total.toLocaleString('en-GB')} vehicles`}
                  hrefFor={pageHref}
                />
              </Card>
            ) : null}
          </>
        )}
      </section>

      <EditVehicleDialog
        vehicle={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        finalFocus={returnFocus}
      />
      <DeleteVehicleDialog
        vehicle={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={() => {
          returnFocus.current = listHeading.current;
        }}
        finalFocus={returnFocus}
      />
    </>
  );
}
