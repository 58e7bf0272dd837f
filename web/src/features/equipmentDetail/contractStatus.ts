/*
 * The contract's status rule lives in the contract (contract/contractStatus.ts), so the server's contract PDF says
 * what this page says.
 */
export { contractStatusOf, daysToExpiry, type ContractStatus } from '../../../../contract/contractStatus';
