"""Printing and exports: PDFs for the venue, spreadsheets for the records, the event archive.

Every export is made in the event's print language (``Tournament.print_language``, 中文 by
default): :func:`~tournament.printing.registry.run` wraps it in ``translation.override``.
Rounds are named by :func:`tournament.text.titles.round_title`, as on the web pages.

Vocabulary
----------
kind
    What is exported: ``pairings`` (对阵表), ``scoresheets`` (比赛记录表), ``results``
    (成绩公告), ``standings`` (成绩排名), ``units`` (单位团体), ``certificates`` (荣誉证书),
    ``bracket`` (淘汰赛对阵图), ``signin`` (签到表 / 报名名单), ``workbook`` (全赛事工作簿),
    ``archive`` (赛事存档), ``clerk_sheet`` (成绩录入表: a blank results sheet per round in
    the columns ``import_results`` reads), ``team_sheets`` (团体记录表, team events only).
    In a team event (``Tournament.entry`` "teams") ``pairings``, ``standings``,
    ``certificates`` and ``workbook`` are made by :mod:`~tournament.printing.team_makers`
    (the kind's ``makers["teams"]``); in an individual event (``entry`` "individuals")
    ``pairings``, ``results``, ``standings``, ``certificates`` and ``workbook`` by
    :mod:`~tournament.printing.individual_makers` (``makers["individuals"]``).
    :mod:`~tournament.printing.registry` lists each kind's formats and who may download it.
format
    The file type: ``pdf``, ``xlsx``, ``csv`` or ``json``, as the file's extension.
renderer
    A PDF class (:class:`~tournament.printing.pdf.PdfDocument`): page setup as attributes,
    drawing page by page onto a reportlab canvas.
exporter
    A table class (:class:`~tournament.printing.tabular.Exporter`) yielding a header row and
    data rows, written to CSV or XLSX by one set of writers.

Modules
-------
``data`` (plain records), ``source`` (the database side), ``fonts``, ``pdf`` with ``cells``,
``pdfjoin``, ``qr``,
``pairings``, ``scoresheet`` with ``scoresheet_layout`` and ``deallines``, ``results``,
``standings``, ``certificates``, ``bracket``, ``signin``, ``tabular``, ``workbook``,
``makers`` and ``registry``; for team events ``team_data``, ``team_source``,
``team_pairings``, ``team_sheet``, ``team_standings``, ``team_results``,
``team_certificates`` and ``team_makers``; for individual events ``individual_source``,
``individual_pairings``, ``individual_standings`` and ``individual_makers``. The archive is made and read in :mod:`tournament.archive`; the
registry offers it as the kind ``archive``.
"""
