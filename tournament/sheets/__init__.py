"""Reading and checking the spreadsheets people upload (plain Python, no database writes).

- :mod:`~tournament.sheets.reader`: rows of an .xlsx or CSV file, one at a time, within the
  upload limits;
- :mod:`~tournament.sheets.table_file`: a sheet's header row and data rows (``read_table``);
- :mod:`~tournament.results.results_sheet`: checking a clerk's results sheet (成绩录入表).

The services that write what a sheet holds live in :mod:`tournament.registration.services` and
:mod:`tournament.results.sheet_import`.
"""
