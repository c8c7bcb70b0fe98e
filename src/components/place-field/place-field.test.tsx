import { zodResolver } from '@hookform/resolvers/zod';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LOCATION_DENIED_MESSAGE, PlaceField, UNPLACED_NOTICE } from '@/components/place-field/place-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { emptyPlace, type PlaceValue } from '@/lib/places/place';
import { requiredPlaceSchema } from '@/lib/places/place-schema';
import { later, recordRequests, rpcUrl, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

type Row = { id: string; label: string; kind: string; latitude: number; longitude: number };
const portlandOR: Row = {
  id: 'gn:5746545',
  label: 'Portland, OR',
  kind: 'city',
  latitude: 45.52345,
  longitude: -122.67621,
};
const portlandME: Row = {
  id: 'gn:4975802',
  label: 'Portland, ME',
  kind: 'city',
  latitude: 43.66147,
  longitude: -70.25533,
};
const zip97205: Row = {
  id: 'zip:97205',
  label: '97205 · Portland, OR',
  kind: 'zip',
  latitude: 45.5206,
  longitude: -122.6933,
};

/** search_places answers `answer(query)` (PostgREST returns a set-returning function's rows as an array). */
function searchAnswers(answer: (query: string) => Row[] | Promise<Row[]>) {
  server.use(
    http.post(rpcUrl('search_places'), async ({ request }) => {
      const { query } = (await request.json()) as { query: string };
      return HttpResponse.json(await answer(query));
    }),
  );
}
const searches = async (sent: ReturnType<typeof recordRequests>) =>
  (await sent.to('POST', 'rest/v1/rpc/search_places')).map((r) => r.body);

const schema = z.object({ location: requiredPlaceSchema });

/** The field in a react-hook-form form, as the app's forms use it (Controller + the zod rule). */
function Harness({ onSubmit, initial = emptyPlace }: { onSubmit: (values: unknown) => void; initial?: PlaceValue }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { location: initial },
  });
  const error = form.formState.errors.location?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      <Controller
        control={form.control}
        name="location"
        render={({ field }) => (
          <PlaceField
            id="where"
            label="Location"
            hint="Type a city or a US ZIP code."
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'where-error' : undefined}
          />
        )}
      />
      {error ? (
        <p id="where-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit">Save</button>
    </form>
  );
}

function setup(initial?: PlaceValue) {
  const onSubmit = vi.fn();
  const rendered = renderApp(<Harness onSubmit={onSubmit} initial={initial} />);
  const input = screen.getByRole('combobox', { name: 'Location' });
  return { ...rendered, onSubmit, input };
}

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
function deviceAt(latitude: number, longitude: number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: Success) => ok({ coords: { latitude, longitude } }) },
  });
}
function deviceDenies() {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (_ok: Success, fail: (error: { code: number; message: string }) => void) =>
        fail({ code: 1, message: 'User denied Geolocation' }),
    },
  });
}

describe('PlaceField', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });
  afterEach(() => Reflect.deleteProperty(navigator, 'geolocation'));

  it('is a labelled combobox whose list is closed at first', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAccessibleDescription('Type a city or a US ZIP code.');
    const list = screen.getByRole('listbox', { hidden: true });
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(within(list).queryAllByRole('option', { hidden: true })).toEqual([]);
  });

  it('suggests the places search_places answers for what is typed, and asks nothing under 2 characters', async () => {
    searchAnswers((query) => (query === 'Portl' ? [portlandOR, portlandME, zip97205] : []));
    const { user, input } = setup();
    await user.type(input, 'P');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'ortl');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Portland, OR', 'Portland, ME', '97205 · Portland, OR']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Suggested places' })).toBeVisible();
    // Announced to screen readers.
    expect(screen.getByText(/^3 places found\./)).toHaveRole('status');
    const bodies = await searches(sent);
    expect(bodies.at(-1)).toEqual({ query: 'Portl', max_results: 8 });
    // A single character is never sent.
    expect(bodies).not.toContainEqual(expect.objectContaining({ query: 'P' }));

    // Back under two characters: no list.
    await user.clear(input);
    await user.type(input, 'P');
    await waitFor(() => expect(screen.queryAllByRole('option')).toEqual([]));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('ArrowDown and Enter choose a place: the label is the text and its id goes with it', async () => {
    searchAnswers(() => [portlandOR, portlandME]);
    const { user, input, onSubmit } = setup();
    await user.type(input, 'Portland');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Portland, OR' }).id);
    expect(screen.getByRole('option', { name: 'Portland, OR' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Portland, ME');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(onSubmit).not.toHaveBeenCalled(); // Enter chose; it did not submit
    expect(screen.queryByText(UNPLACED_NOTICE)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ location: { location: 'Portland, ME', place_id: 'gn:4975802' } });
  });

  it('Home and End go to the first and last suggestion; a click chooses too', async () => {
    searchAnswers(() => [portlandOR, portlandME, zip97205]);
    const { user, input, onSubmit } = setup();
    await user.type(input, 'Portland');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{End}');
    expect(screen.getByRole('option', { name: '97205 · Portland, OR' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('option', { name: 'Portland, OR' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: '97205 · Portland, OR' }));
    expect(input).toHaveValue('97205 · Portland, OR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ location: { location: '97205 · Portland, OR', place_id: 'zip:97205' } }),
    );
  });

  it('typing after a choice clears the place: the new text is not that place', async () => {
    searchAnswers((query) => (query.startsWith('Portland, OR') && query.length > 12 ? [] : [portlandOR]));
    const { user, input, onSubmit } = setup();
    await user.type(input, 'Portl');
    await user.click(await screen.findByRole('option', { name: 'Portland, OR' }));
    await user.type(input, ' east');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ location: { location: 'Portland, OR east', place_id: null } }),
    );
  });

  it('Escape closes the list and keeps the text; Escape again clears it', async () => {
    searchAnswers(() => [portlandOR]);
    const { user, input } = setup();
    await user.type(input, 'Portl');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(input).toHaveValue('Portl');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('inside a dialog, Escape closes the list first and the dialog only after', async () => {
    searchAnswers(() => [portlandOR]);
    function InDialog() {
      const [open, setOpen] = useState(true);
      const [value, setValue] = useState<PlaceValue>(emptyPlace);
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Where</DialogTitle>
            <DialogDescription>Pick a place.</DialogDescription>
            <PlaceField id="in-dialog" label="Location" value={value} onChange={setValue} />
          </DialogContent>
        </Dialog>
      );
    }
    const { user } = renderApp(<InDialog />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.type(input, 'Portl');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('text that matches no place is kept, with the notice that distances will not show', async () => {
    searchAnswers(() => []);
    const { user, input, onSubmit } = setup();
    await user.type(input, 'Nowhere Special');
    expect(await screen.findByText(UNPLACED_NOTICE)).toBeVisible();
    expect(input).toHaveValue('Nowhere Special');
    expect(input).toHaveAccessibleDescription(`Type a city or a US ZIP code. ${UNPLACED_NOTICE}`);
    expect(screen.getByText(UNPLACED_NOTICE)).toHaveRole('status');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ location: { location: 'Nowhere Special', place_id: null } }),
    );
    expect(screen.getByText(UNPLACED_NOTICE)).toBeVisible();
  });

  it('a saved location that is no place says so; a saved place does not', () => {
    setup({ location: 'Somewhere odd', placeId: null });
    expect(screen.getByText(UNPLACED_NOTICE)).toBeVisible();
  });

  it('a saved place shows no notice', () => {
    setup({ location: 'Portland, OR', placeId: 'gn:5746545' });
    expect(screen.queryByText(UNPLACED_NOTICE)).toBeNull();
  });

  it('text typed exactly as a suggestion is named is that place', async () => {
    searchAnswers(() => [portlandOR, zip97205]);
    const { user, input, onSubmit } = setup();
    await user.type(input, 'portland, or');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ location: { location: 'portland, or', place_id: 'gn:5746545' } }),
    );
    expect(screen.queryByText(UNPLACED_NOTICE)).toBeNull();
  });

  it('an answer to an older query that arrives late does not replace the newer one', async () => {
    const first = later<Row[]>();
    const abandoned = later<void>();
    server.use(
      http.post(rpcUrl('search_places'), async ({ request }) => {
        const { query } = (await request.json()) as { query: string };
        if (query !== 'Port') return HttpResponse.json([portlandME]);
        request.signal.addEventListener('abort', () => abandoned.give());
        return HttpResponse.json(await first.promise);
      }),
    );
    const { user, input } = setup();
    await user.type(input, 'Port');
    await waitFor(async () => expect(await searches(sent)).toEqual([{ query: 'Port', max_results: 8 }]));
    await user.type(input, 'land');
    expect(await screen.findByRole('option', { name: 'Portland, ME' })).toBeVisible();
    // The older request is abandoned; its answer, given now, is not shown.
    await abandoned.promise;
    await act(async () => first.give([portlandOR]));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Portland, ME']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Portland, ME');
  });

  it('an answer that arrives after one has moved on opens no list and leaves the focus where it is', async () => {
    const answer = later<Row[]>();
    searchAnswers(() => answer.promise);
    const { user, input } = setup();
    await user.type(input, 'Portland, OR');
    await waitFor(async () => expect(await searches(sent)).toContainEqual({ query: 'Portland, OR', max_results: 8 }));
    await user.tab();
    const button = screen.getByRole('button', { name: 'Use my location' });
    expect(button).toHaveFocus();
    expect(screen.getByText(UNPLACED_NOTICE)).toBeVisible();
    await act(async () => answer.give([portlandOR]));
    // The answer was read (the text is that place now, so no notice), and nothing moved.
    await waitFor(() => expect(screen.queryByText(UNPLACED_NOTICE)).toBeNull());
    expect(button).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it("'Use my location' names the device's position by its nearest city", async () => {
    deviceAt(45.523064, -122.67648);
    server.use(http.post(rpcUrl('nearest_place'), () => HttpResponse.json([portlandOR])));
    const { user, input, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(input).toHaveValue('Portland, OR'));
    const [asked, ...more] = await sent.to('POST', 'rest/v1/rpc/nearest_place');
    expect(more).toEqual([]);
    expect(asked!.body).toEqual({ latitude: 45.523064, longitude: -122.67648 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ location: { location: 'Portland, OR', place_id: 'gn:5746545' } }),
    );
  });

  it("with no city near the device, the position itself is the location (as 'lat,lng'), without the notice", async () => {
    deviceAt(40.1, -30.2);
    server.use(http.post(rpcUrl('nearest_place'), () => HttpResponse.json([])));
    const { user, input, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(input).toHaveValue('40.1000,-30.2000'));
    expect(screen.queryByText(UNPLACED_NOTICE)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ location: { location: '40.1000,-30.2000', place_id: null } }),
    );
  });

  it('a refused device location is said, and the typed text stays', async () => {
    deviceDenies();
    const { user, input } = setup({ location: 'Austin, TX', placeId: 'gn:4671654' });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCATION_DENIED_MESSAGE);
    expect(input).toHaveValue('Austin, TX');
    expect(await sent.to('POST', 'rest/v1/rpc/nearest_place')).toEqual([]);
  });

  it('a browser without geolocation says so', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Geolocation is not supported by your browser');
  });

  it('the form requires a location and shows its message on the field', async () => {
    const { user, input, onSubmit } = setup();
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
