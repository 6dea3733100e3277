export const MY_REPORTS_PAGE_SIZE = 10;
