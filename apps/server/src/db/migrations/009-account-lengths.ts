/**
 * Account numbers of 12 digits (issue 17): GSB, GHB and BAAC number their
 * accounts with 12 digits, the other banks with 10. The registration refuses a
 * number of the wrong length for its bank (bankNumberProblem, in the
 * contract); the column takes either length, never a number cut short.
 */
export const accountLengthsSchemaSql = /* sql */ `
alter table players drop constraint players_bank_number_format;
alter table players add constraint players_bank_number_format check (bank_number ~ '^[0-9]{10}([0-9]{2})?$');
`;
