"""Reading and checking the spreadsheets people upload (plain Python, no database writes).

Vocabulary: a *spreadsheet* is a file (.xlsx, .xls, .xlsb, .ods or .csv) organizers and
clerks upload or download; a *worksheet* (a "sheet" inside calamine or openpyxl) is one tab
of it. A *score sheet* (记分表) is something else: the paper a table's result is written on
(:mod:`tournament.printing.scoresheet`) and its deal-by-deal page
(:mod:`tournament.results.views_scoresheet`); nothing here reads one.

- :mod:`~tournament.spreadsheets.reader`: rows of an .xlsx or CSV file, one at a time,
  within the upload limits;
- :mod:`~tournament.spreadsheets.table_file`: a worksheet's header row and data rows
  (``read_table``);
- :mod:`~tournament.results.results_spreadsheet`: checking a clerk's results spreadsheet
  (成绩录入表).

The services that write what a spreadsheet holds live in
:mod:`tournament.registration.services` and :mod:`tournament.results.spreadsheet_import`.
"""
