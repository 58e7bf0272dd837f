import type { ContractTeamRequest } from '../../../../../contract/equipment';
import { client, resultOf } from '../../../lib/api';

/** Ask the contract team about an instrument's contract. */
export const requestContract = (body: ContractTeamRequest) =>
  resultOf(client.equipment.requestContract({ body, silent: true }));
