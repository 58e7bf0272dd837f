import { c } from './common';
import { accountContract } from './account';
import { usersContract } from './users';

export const contract = c.router({
  account: accountContract,
  users: usersContract,
});
export type Contract = typeof contract;
