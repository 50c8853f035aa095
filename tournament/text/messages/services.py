"""The texts of the services' messages, by code (see :mod:`tournament.text.messages`)."""

from django.utils.translation import gettext_lazy as _

SERVICES = {
    # results
    "stale": _("该台成绩已被他人修改（现在的成绩见下方），您的修改没有保存，请核对后重新提交"),
    "self_confirm": _("不能确认自己录入的成绩，请由裁判长、其他裁判或对方选手确认"),
    "no_right": _("没有权限"),
    "bye": _("轮空不需要录入成绩"),
    "nothing_to_confirm": _("该台还没有可确认的成绩"),
    "not_your_table": _("您没有被分配到第%(table)s台，请由负责该台的裁判或裁判长录入"),
    "knockout_draw": _("淘汰赛不能打平：请填写加赛（或加一副）的胜方"),
    "dispute": _("与先前录入的成绩不一致，已标记为争议，请裁判长裁决"),
    "no_such_entry": _("没有找到要采用的录入，请刷新页面"),
    "entry_unfinished": _("这份录入是未打完的逐副记录，不能作为成绩采用；请裁判长裁定"),
    "already_confirmed": _("该台成绩已确认；如需更正请联系裁判长"),
    "sheet_closed": _("该台成绩已录入，不能再修改记录表；如需更正请联系裁判长"),
    "not_a_dispute": _("该台没有争议，没有可采用的录入；如需更正请用“裁判长裁定”"),
    "checkin_absence_fresh": _("检录缺席的弃权只在编排时记在尚未开始的台上；如需判负请联系裁判长"),
    "fouls_on_record": _("本台已在犯规记录中登记了犯规，请继续用终局级数录入，或请裁判长处理"),
    "fouls_kept": _("犯规和警告记录不能撤销；如需更正请联系裁判长"),
    "fouls_by_button": _("犯规和警告请用“犯规”按钮登记，以便写入犯规记录"),
    # results_check
    "bad_forfeit": _("弃权方只能是东西、南北或双方"),
    "bad_fouls": _("犯规次数应为0到9之间的整数"),
    "levels_needed": _("请填写双方级数（或选择弃权）"),
    "decider_only_level": _("只有打平的比赛才需要填写加赛胜方"),
    "forfeit_levels": _("弃权的比赛没有终局级数：请选择弃权或填写级数，不要同时填写"),
    "equal_needs_time": _("双方级数相同，只能是到时结束：请勾选“到时”，或核对级数"),
    "time_and_pass": _(
        "一方过A，比赛即已结束，不是到时结束：请取消“到时”，或核对级数"
        "（到时后打完的最后一副过A，也按过A记）"
    ),
    "pass_how": _("只有一方过A时才能选择过A方式，且须符合本赛事的过A条件"),
    "result_not_finished": _("比赛尚未结束：还没有一方过A，也没有到时。请继续记录或选择“到时”"),
    "both_three_fouls": _("双方都犯规三次：请裁判长按双方弃权处理"),
    "sheet_step": _("第%(n)s条记录：%(error)s"),
    # rounds
    "stale_round": _("本轮状态已被他人修改，请刷新页面"),
    "duplicates": _("对阵表中有组合重复或遗漏，不能公布：%(detail)s"),
    # pairing
    "previous_open": _("第%(n)s轮尚未锁定，锁定后才能编排下一轮"),
    "draft_exists": _("第%(n)s轮对阵尚未公布，请先公布或重新编排"),
    "all_done": _("所有阶段的轮次都已编排完毕"),
    "no_draw": _("第一轮按抽签号编排，请先抽签"),
    "too_few": _("参赛组合不足2对，无法编排"),
    "draw_started": _("已经开始编排，不能重新抽签"),
    "draft_only": _("只有未公布的轮次可以重新编排"),
    "draw_number_started": _("已经开始编排，不能再改抽签号"),
    "draw_number_range": _("抽签号应在1到%(count)s之间"),
    # stages
    "stage_played": _("该阶段已经开始比赛，不能删除"),
    "stage_qualify": _("晋级人数应为1到%(n)s之间的整数"),
    "stage_rounds": _("阶段轮数应为1到%(n)s之间的整数"),
    "stage_name": _("阶段名称最多%(n)s个字"),
    "stage_kind": _("未知的赛制"),
    "knockout_over": _("淘汰赛已全部结束"),
    "knockout_waiting": _("还有比赛没有决出胜负，请先确认成绩"),
    "draw_number_missing": _("请填写抽签号"),
    "adjust_pick": _("请选择要调整的组合"),
    "qualify_int": _("晋级人数应为整数"),
    "playoff_pick": _("加赛台次或胜方无效"),
    "no_playoff_tie": _("没有需要加赛的并列"),
    "qualify_how": _("未知的晋级方式"),
    "bad_time": _("过A时间格式应为“时:分”，如 15:20"),
    "not_by_time": _("本阶段不按过A时间排名次"),
    "late_too_early": _("开赛未超过%(n)s分钟（迟到判负时限），还不能判弃权"),
    "late_side": _("请选择迟到的一方"),
    "playoff_needed": _("第%(n)s名出现并列（%(names)s）：请先在“阶段”页安排加赛并记录胜方"),
    "playoff_by_hand": _("%(k)s组并列争%(m)s个名额，无法两两加赛：请裁判长另行安排并调整晋级人数"),
    "adjust_not_in_round": _("该组合不在本轮对阵中"),
    "adjust_already_bye": _("该组合已经轮空"),
    "adjust_two_byes": _("只能把两个轮空的组合配成一台"),
    "apart_pick": _("请选择本赛事的两对组合"),
    "pair_query_empty": _("请输入组合的抽签号、队名或选手姓名"),
    "pair_query_none": _("没有找到“%(query)s”：请输入抽签号、队名、选手或单位名称"),
    "pair_query_many": _("“%(query)s”对应%(n)s对组合，如%(pairs)s：请输入完整队名或抽签号"),
    "apart_same": _("回避需要两对不同的组合"),
    "apart_exists": _("这两对组合已经设置了回避"),
    "apart_note_long": _("原因太长"),
    "apart_missing": _("没有这条回避设置"),
    "foul_incomplete": _("犯规记录不完整"),
    "foul_hiding_warning": _("藏牌/偷牌只能判犯规，不能只警告"),
    "foul_confirmed": _("该台成绩已确认；追加犯规请联系裁判长"),
    "foul_wrong_player": _("%(player)s不是%(team)s的选手：请选择犯规一方的选手"),
    "foul_deal_range": _("本台只打了%(n)s副，犯规只能记在第1到第%(m)s副"),
    "time_early": _(
        "本轮比赛时间还剩%(n)s分钟，还没有到时：请核对级数；确需提前按到时结束的，由裁判长填写原因"
    ),
    "pin_wrong": _("PIN不正确：请输入本方纸条上的4位PIN（或请裁判告知）"),
    "pin_locked": _("PIN输错次数过多，请裁判确认本台成绩"),
    "referee_steps_kept": _(
        "选手只能记录每副的结果；罚级、犯规、警告、弃权和到时由裁判记录，不能增加或修改，请找裁判"
    ),
    "slip_bad_side": _("请选择东西方或南北方"),
    "confirm_too_soon": _(
        "刚从同一网络录入的成绩，%(n)s秒内不能用选手链接确认；请稍候再确认，或请裁判确认"
    ),
    "use_confirm": _("对方已录入相同的成绩：请点“确认无误”并输入本方PIN"),
    # registration and results sheets
    "reg_missing_team": _("缺少队名"),
    "reg_missing_player": _("缺少选手姓名"),
    "reg_too_long": _("超过%(n)s个字"),
    "reg_dup_team_file": _("队名“%(name)s”与第%(other)s行重复"),
    "reg_dup_team_db": _("队名“%(name)s”已经报名"),
    "reg_dup_player_file": _("选手“%(name)s”同时出现在第%(other)s行的组合中"),
    "reg_dup_player_db": _("选手“%(name)s”已在组合“%(team)s”中报名"),
    "reg_same_player": _("两名选手同名，请核对"),
    "reg_namesake_file": _("与第%(other)s行的选手“%(name)s”同名，单位或电话不同，按两人导入"),
    "reg_namesake_db": _("与组合“%(team)s”中的选手“%(name)s”同名，单位或电话不同，按两人导入"),
    "reg_bad_seed": _("种子应为正整数"),
    "reg_phone_too_long": _("电话号码超过%(n)s位"),
    "reg_no_rows": _("表格中没有报名数据"),
    "reg_member_no_too_long": _("会员号超过%(n)s位"),
    "reg_dup_member_file": _("会员号“%(number)s”与第%(other)s行重复"),
    "reg_dup_member_db": _("会员号“%(number)s”已有选手报名本赛事"),
    "import_table_twice": _("第%(table)s台与第%(other)s行重复"),
    "import_forfeit": _("弃权方应为 ew、ns 或 both"),
    "import_at_time": _("“到时”一栏请填“是”（或√），不是到时结束的留空"),
    "import_draw_shifted": _(
        "抽签号%(given)s与本台组合（%(want)s号）不符：表格的行可能错位了，请对照成绩录入表核对"
    ),
    "import_no_rows": _("表格中没有成绩数据"),
    "import_decider": _("“加赛胜方”一栏请填“东西”或“南北”，不是加赛决出的留空"),
    "import_table": _("第%(table)s台：%(error)s"),
    "import_disputed": _("第%(table)s台：与已录入的成绩不一致（或该台有争议）"),
    # event options
    "opt_choice": _("%(label)s“%(value)s”无效，可选：%(allowed)s"),
    "opt_hundred_forfeit": _("100+弃权得分应为%(low)s到%(high)s之间的整数"),
    "opt_rounds": _("轮数应为1到30之间的整数"),
    "opt_rotation_rounds": _("分组三轮移位每组固定打3轮，轮数应为3"),
    "opt_games": _("每场局数只能是1局或三局两胜"),
    "opt_games_knockout": _("三局两胜只用于淘汰赛"),
    "opt_games_stage": _(
        "三局两胜只用于淘汰赛：积分编排之后的淘汰赛，请在“阶段”页添加淘汰赛阶段时选择三局两胜"
    ),
    "stage_games": _("每场局数只能是一局决胜或三局两胜，且只用于淘汰赛阶段"),
    "opt_time_limit": _("每轮时限应为10到240分钟"),
    "opt_late_minutes": _("迟到判负时限应为1到60分钟"),
    "opt_knockout_apart": _("淘汰赛无法保证同单位必须回避，请选择“尽量回避”"),
    "opt_round_robin_apart": _("单循环中每对组合都要相遇，不能设置同单位回避"),
    "opt_hundred_knockout": _("100+级差计分用于分组三轮移位，不能用于淘汰赛"),
    "opt_unit_best_k": _("单位团体计前几名应为正整数"),
    "opt_substitutes": _("每队替补人数应为 0 到 2"),
    "opt_team_format": _("团体赛只能用积分编排（瑞士制）或单循环"),
    "opt_tiebreak_unknown": _("未知的排名依据：%(names)s"),
    "opt_tiebreak_twice": _("排名依据不能重复"),
    "opt_tiebreak_points_first": _("排名依据第一项必须是积分"),
    "opt_tiebreak_lot_last": _("抽签只能作为最后一项排名依据"),
    "opt_awards_format": _("奖项设置格式应为“名称:名额”"),
    "opt_awards_count": _("每个奖项都要有名称，名额至少为1"),
    # exports
    "export_no_rounds": _("还没有可导出的轮次"),
    "export_no_round": _("第%(n)s轮不存在或尚未公布"),
    "export_no_ranking": _("还没有锁定的轮次，暂无排名"),
    "export_format": _("“%(kind)s”不能导出为 .%(fmt)s，可用格式：%(allowed)s"),
    "export_kind": _("未知的导出类型“%(kind)s”，可用：%(allowed)s"),
    "export_base_url": _(
        "本赛事开启了选手扫码录入，记录表上要印二维码：请用 --base-url 指定选手手机能访问的网址，例如 --base-url http://192.168.1.10:8000"
    ),
    "export_no_table_entry": _("本赛事未开启选手扫码录入，不需要选手录入纸条"),
    "export_no_knockout": _("本赛事没有淘汰赛阶段，没有淘汰赛对阵图"),
    "export_no_movement": _(
        "暂无移位表：本赛事没有单循环或分组三轮移位阶段，或该阶段第1轮尚未编排"
    ),
    # events and pairs
    "slug_taken": _("网址代号“%(slug)s”已被使用"),
    "event_stale": _("赛事设置已被他人修改，请刷新后重试"),
    "event_started": _("比赛已经开始，不能再修改：%(labels)s"),
    "team_stale": _("该组合已被他人修改，请刷新后重试"),
    "name_blank": _("请填写名称（不能只有空格或不可见字符）"),
    "pair_status": _("未知的状态"),
    # reading uploaded sheets (tournament.spreadsheets.reader, formats, table_file)
    "sheet_too_big": _("文件太大（%(size)s），上传文件最大 %(limit)s"),
    "sheet_too_many_rows": _("行数过多，一次最多导入%(n)d行"),
    "sheet_too_many_cells": _("单元格过多，一个文件最多%(n)d个单元格"),
    "sheet_too_slow": _("文件读取超过%(n)g秒，已停止：请删除多余的内容后重试"),
    "sheet_too_many_columns": _("第%(row)d行列数过多，最多%(n)d列"),
    "sheet_cell_too_long": _("第%(row)d行有单元格超过%(n)d个字符"),
    "sheet_empty_file": _("文件是空的"),
    "sheet_not_a_sheet": _(
        "文件不是Excel表格（.xlsx、.xls、.xlsb）、ODS表格或CSV文件，请用模板填写后上传"
    ),
    "sheet_unreadable_xlsx": _("无法读取Excel文件，文件可能已损坏或不是.xlsx格式"),
    "sheet_unpacked_too_big": _("Excel文件解压后太大（%(size)s），最大 %(limit)s"),
    "sheet_too_many_strings": _("Excel文件中的不同文字过多，最多%(n)d个"),
    "sheet_unsafe_xml": _("Excel文件含有不安全的XML内容（实体定义），已拒绝"),
    "sheet_bad_xml": _("Excel文件的XML内容已损坏，无法读取"),
    "sheet_bad_cell": _("Excel文件中有无效的单元格位置（最多%(n)d列），文件可能已损坏"),
    "sheet_csv_encoding": _("CSV文件编码无法识别，请保存为UTF-8或GBK编码"),
    "sheet_csv_bad": _("CSV文件格式错误或有单元格过长（每格最多%(n)d个字符）"),
    "sheet_damaged": _("文件已损坏或不是Excel/ODS表格，请用Excel或WPS另存为.xlsx后重试"),
    "sheet_too_many_parts": _("文件已损坏：其中的部件过多（%(n)s个，最多%(limit)s个）"),
    "sheet_no_sheets": _("Excel文件中没有工作表"),
    "sheet_empty": _("工作表“%(sheet)s”是空的"),
    "sheet_no_header": _("工作表“%(sheet)s”中找不到表头（应有“%(expected)s”等列），请使用模板"),
    "sheet_problems": _("%(first)s；%(rest)s"),
    # archives (tournament.archive: write, reader, importer, rows, checks)
    "archive_invalid": _("存档中的数据无效：%(error)s"),
    "archive_bad_json": _("存档文件不是有效的JSON：%(error)s"),
    "archive_bad_gzip": _("存档文件已损坏或不完整（压缩数据无法解开），请重新导出"),
    "archive_too_big": _(
        "存档文件太大（%(size)s），存档文件最大 %(limit)s（可用 ARCHIVE_MAX_MB 调整），已拒绝"
    ),
    "archive_too_big_stream": _(
        "存档文件太大，存档文件最大 %(limit)s（可用 ARCHIVE_MAX_MB 调整），已拒绝"
    ),
    "archive_too_big_raw": _(
        "存档文件解压后太大，解压后最大 %(limit)s（可用 ARCHIVE_MAX_RAW_MB 调整），已拒绝；可能是恶意构造的压缩文件"
    ),
    "archive_too_deep": _("存档文件嵌套过深，已拒绝"),
    "archive_not_archive": _("这不是掼蛋赛事存档文件（缺少格式标记）"),
    "archive_reread": _("这个存档需要读两遍（早期版本的存档），请从文件导入"),
    "archive_incomplete": _("文件不完整"),
    "archive_unreadable": _("无法读取存档文件：%(error)s"),
    "archive_version": _(
        "存档版本 %(version)s 比本系统支持的版本 %(supported)s 新，请先升级本系统"
    ),
    "archive_slug_exists": _(
        "网址代号“%(slug)s”已被本系统的赛事使用，请用 --slug 指定新的网址代号"
    ),
    "archive_unarchived": _("无法存档字段 %(field)s：关联到未存档的数据"),
    "archive_users_exist": _(
        "存档中的用户名在本系统中已存在：%(names)s。确认是同一个人后请加 --map-users，或用 --owner 指定赛事的组织者"
    ),
    "archive_staff_exist": _(
        "存档中工作人员的用户名在本系统中已存在：%(names)s。--owner 只指定赛事的组织者；确认这些是同一个人后请加 --map-users"
    ),
    "archive_no_tournament": _("缺少赛事信息（tournament）"),
    "archive_part_list": _("“%(key)s”应为记录列表"),
    "archive_row_object": _("“%(key)s”的第%(n)s条记录应为对象"),
    "archive_ids": _("“%(key)s”中的记录编号（id）应为互不相同的整数"),
    "archive_order": _("“%(key)s”应在“%(after)s”之前"),
    "archive_order_meta": _("“%(key)s”应在各部分数据之前"),
    "archive_files_object": _("“files”应为对象"),
    "archive_users_list": _("“users”应为用户名列表"),
    "archive_audit_ref": _("操作记录引用的对象编号无效"),
    "archive_file_damaged": _("文件 %(name)s 已损坏"),
    "archive_no_record": _("%(field)s 引用了存档中没有的记录 %(value)s"),
    "archive_where_match": _("第%(n)s条比赛记录"),
    "archive_where_stage": _("第%(n)s个阶段"),
    "archive_where_audit": _("第%(n)s条操作记录"),
    "archive_where": _("%(where)s：%(error)s"),
    "archive_depth": _("嵌套层数超过%(n)s层"),
    "archive_null": _("%(where)s 不能为空"),
    "archive_type": _("%(where)s 的值 %(value)s 类型不对"),
    "archive_level": _("%(where)s 的级数 %(value)s 不存在"),
    "archive_value": _("%(where)s：%(key)s 的值 %(value)s 不存在"),
    "archive_flags": _("%(where)s：标记（flags）应为文字列表"),
    "archive_games": _("%(where)s：淘汰赛各局应为列表"),
    "archive_deals": _("%(where)s：逐副记录应为列表"),
    "archive_stage_state": _("%(where)s的状态应为对象"),
    "archive_groups": _("%(where)s的分组应为列表"),
    "archive_bracket": _("%(where)s的淘汰赛对阵表无效"),
    "archive_bracket_size": _("%(where)s的淘汰赛规模 %(size)s 不是2的幂"),
    "archive_bracket_rounds": _("%(where)s的淘汰赛轮次无效"),
    "archive_bracket_match": _("%(where)s的淘汰赛场次无效"),
    "archive_bracket_winner": _("%(where)s的场次%(match)s：胜方不是参赛的组合"),
    "archive_no_team": _("%(where)s引用了存档中没有的组合 %(value)s"),
    "archive_action": _("%(where)s的操作类型 %(value)s 无效"),
    "archive_audit_object": _("%(where)s的 %(key)s 应为对象"),
    "archive_summary": _("%(where)s的说明消息（summary_message）格式不对"),
    "archive_time": _("%(where)s的时间 %(value)s 无效"),
    "archive_time_late": _("%(where)s的时间晚于存档导出时间，可能是伪造的"),
    "archive_submission": _("第%(n)s条成绩提交的内容应为对象"),
    # score-sheet photos (tournament.results.photo_files)
    "photo_too_many_pixels": _("照片像素太多，请用手机相机直接拍摄"),
    "photo_not_image": _("不是可识别的图片，请拍照或选择 JPG/PNG 图片"),
    "photo_missing": _("请先拍照或选择一张图片"),
    "photo_too_many": _("每台最多上传%(n)s张照片"),
    # entries kept on a phone and sent later (tournament.results.entry_keys)
    "entry_key_bad": _("录入编号格式错误，没有保存；请刷新页面后重新录入"),
    "made_at_bad": _("录入时间格式错误，没有保存；请刷新页面后重新录入"),
    "entry_key_reused": _("该录入编号已用于另一项录入，没有保存；请刷新页面后重新录入"),
    "kept_full": _(
        "该台已保留您送达较晚的%(n)s份录入，这一份没有保存；如成绩有误，请直接告知裁判长"
    ),
    "late_sheet_long": _("逐副记录超过%(n)s条，不是一场比赛的记录，没有保存"),
    # backups and restores (tournament.backups: files, create, postgres, restore)
    "backup_busy": _("另一个备份正在进行，请稍后再试"),
    "backup_too_soon": _("刚刚备份过，请 %(seconds)s 秒后再试"),
    "backup_folder_unwritable": _("无法写入备份文件夹 %(folder)s：%(error)s"),
    "backup_copy_failed": _("复制数据库失败：%(error)s"),
    "backup_copy_check": _("数据库副本检查未通过：%(check)s"),
    "backup_pg_dump_failed": _("pg_dump 备份失败：%(error)s"),
    "backup_pg_restore_failed": _("pg_restore 恢复失败：%(error)s"),
    "backup_no_pg_restore": _("找不到可用的 pg_restore（需要与数据库服务器相同或更新的版本）"),
    "backup_damaged": _("备份文件无法使用：%(why)s。没有做任何更改"),
    "backup_no_manifest": _("缺少或无法读取清单 manifest.json（%(error)s）"),
    "backup_not_ours": _("不是本系统的备份文件"),
    "backup_newer_format": _("备份来自更新版本的程序，请先更新本机的程序"),
    "backup_manifest_incomplete": _("清单内容不完整"),
    "backup_unsafe_name": _("文件名不安全：%(name)s"),
    "backup_checksum": _("%(name)s 的校验值不符（文件已损坏）"),
    "backup_not_a_zip": _("不是完整的备份压缩文件（%(error)s）"),
    "backup_no_key": _("缺少密钥 secret_key"),
    "backup_no_copy": _("缺少数据库副本"),
    "backup_copy_unreadable": _("数据库副本无法打开（%(error)s）"),
    "backup_copy_corrupt": _("数据库副本检查未通过（%(result)s）"),
    "backup_unreadable": _("无法读取或解压备份文件：%(error)s。没有做任何更改"),
    "backup_newer_migrations": _(
        "备份来自更新版本的程序（本机不认识数据库结构 %(names)s），"
        "请先把本机的程序更新到同一版本。没有做任何更改"
    ),
    "backup_no_file": _("找不到备份文件：%(path)s"),
    "backup_other_kind": _(
        "这是 %(kind)s 数据库的备份，本机配置的是 %(here)s（见 DATABASE_URL）。"
        "请在同类数据库上恢复。没有做任何更改"
    ),
    "backup_not_empty": _(
        "本机数据库中已有赛事或账号，恢复会替换它们。没有做任何更改。"
        "确需替换时加 --force：原数据库会先另存一份，不会丢失"
    ),
    "backup_write_failed": _("写入数据库失败：%(error)s"),
    # json bodies (tournament/core/json_body.py)
    "json_too_big": _("请求内容太大，最大 %(limit)s KB"),
    "json_bad": _("请求格式错误：内容不是有效的JSON"),
    "json_too_deep": _("请求格式错误：嵌套超过%(n)s层"),
    "json_bad_number": _("请求格式错误：数字“%(value)s”无效或超出范围"),
    "json_bad_field": _("请求格式错误：“%(field)s”应为有效的整数"),
    "backup_uncovered": _("文件 %(name)s 不在清单的校验值中"),
    "backup_missing_member": _("缺少文件 %(name)s"),
    "backup_member_twice": _("文件 %(name)s 出现了不止一次"),
    "backup_unexpected_member": _("这类备份不应含有文件 %(name)s"),
    "backup_member_too_big": _("文件 %(name)s 解压后过大"),
    "backup_size_differs": _("文件 %(name)s 的大小与清单不符"),
    "backup_no_archives": _("备份中没有任何赛事存档（events/）"),
    "backup_schema": _("数据库结构与本程序的迁移不符：%(what)s"),
    "backup_schema_unbuilt": _("无法生成用于核对的数据库结构：%(error)s。没有做任何更改"),
    "backup_no_room": _(
        "解压备份需要约 %(need)s MB，临时文件夹 %(folder)s 只剩 %(free)s MB。没有做任何更改"
    ),
}
