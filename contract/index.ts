import { c } from './common';
import { accountContract } from './account';
import { usageContract } from './usage';
import { usersContract } from './users';

export const contract = c.router({
  account: accountContract,
  users: usersContract,
  usage: usageContract,
});
export type Contract = typeof contract;
