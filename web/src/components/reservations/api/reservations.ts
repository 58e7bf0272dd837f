import type { Equipment } from '../../../../../contract/equipment';
import type { Reservation, ReservationUpdate } from '../../../../../contract/reservations';
import type { CreateReservationInput } from '../../../../../machines/reservation.machine';
import type { RemoveReservationInput } from '../../../../../machines/reservationRemoval.machine';
import { client, resultOf } from '../../../lib/api';

/** Book an instrument: the reservations made (one per occurrence of a series). */
export const createReservation = async (input: CreateReservationInput): Promise<Reservation[]> => {
  const { items } = await resultOf(
    client.reservations.create({ params: { id: input.equipmentId }, body: input.body, silent: true }),
  );
  return items;
};

export const updateReservation = (input: ReservationUpdate) =>
  resultOf(client.reservations.update({ body: input, silent: true }));

/** Remove a reservation or its whole series, with the comment that goes with it. */
export const removeReservation = (input: RemoveReservationInput) =>
  resultOf(
    client.reservations.remove({
      params: { id: input.reservationId },
      query: {
        isSeriesDelete: input.isSeriesDelete,
        ...(input.comments === undefined ? {} : { comments: input.comments }),
      },
      silent: true,
    }),
  );

/** The user's own instruments matching what is typed (POST Equipment/list, my list, full-text search). */
export const searchOwnInstruments = async (keyword: string, pageSize: number): Promise<Equipment[]> =>
  (
    await resultOf(
      client.equipment.list({
        body: {
          pageIndex: 0,
          pageSize,
          isFollowed: true,
          listType: 'inventory',
          fullTextSearchSetting: keyword ? { keyword } : null,
        },
      }),
    )
  ).items;
