import { contract } from '../../../contract';
import type { AppDeps } from '../deps';
import { implement, type Implementation } from '../lib/implement';
import { accountRouter } from './account';
import { usageRouter } from './usage';
import { usersRouter } from './users';

/** Every contract route this server implements, resource by resource. */
export function implementations(deps: AppDeps): Implementation[] {
  return [
    implement(contract.account, accountRouter(deps)),
    implement(contract.users, usersRouter(deps)),
    implement(contract.usage, usageRouter(deps)),
  ];
}
