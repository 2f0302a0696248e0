/// Traditional forms of Simplified Chinese characters: a member who types
/// "把雞蛋加到超市清單" means what "把鸡蛋加到超市清单" says. A grammar's
/// words are matched in either form; item and list names keep the form a
/// member typed.
///
/// Only characters whose forms differ, and only those a household's
/// sentences use (verbs, measure words, question words, the words of lists
/// and sharing): a fact table, each pair from the published Simplified
/// character lists, not a converter.
public enum HanVariants {
    /// The Traditional forms of `character`, written in Simplified; empty
    /// when it has none of its own.
    public static func traditional(of character: Unicode.Scalar) -> [Unicode.Scalar] {
        table[character] ?? []
    }

    /// Each string spelled once more with its Traditional characters; nil
    /// when it has none that differ.
    public static func traditionalSpelling(of word: String) -> String? {
        var changed = false
        var result = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            if let traditional = table[scalar]?.first {
                result.append(traditional)
                changed = true
            } else {
                result.append(scalar)
            }
        }
        return changed ? String(result) : nil
    }

    private static let table: [Unicode.Scalar: [Unicode.Scalar]] = {
        let pairs = """
            单單 删刪 买買 卖賣 显顯 帮幫 个個 几幾 记記 这這 么麼 还還 没沒 时時 变變 购購 码碼 给給 让讓
            谁誰 设設 为為 认認 确確 对對 说說 语語 见見 开開 关關 选選 换換 转轉 里裡 东東 吗嗎 样樣
            动動 过過 员員 们們 请請 绝絕 离離 谢謝 场場 历歷 录錄 从從 减減 划劃 标標 点點 块塊 条條 卷捲
            两兩 万萬 双雙 鸡雞 发發 话話 后後 问問 题題 号號 电電 应應 该該 总總 无無 与與 种種 类類
            经經 别別 进進 写寫 创創 欢歡 汉漢 俄俄 国國 德德 务務 换換 罐罐 袋袋 盒盒 瓶瓶 包包 级級
            纸紙 酱醬 面麵 鱼魚 肉肉 菜菜 苹蘋 乐樂 币幣 钱錢 烟煙 饮飲 饭飯 汤湯 盐鹽 药藥 灯燈 闹鬧
            钟鐘 头頭 听聽 懂懂 会會 边邊 产產 业業 专專 办辦 实實 总總 兴興 决決 处處 备備 复復 须須
            """
        var table: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for pair in pairs.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let scalars = Array(pair.unicodeScalars)
            guard scalars.count == 2, scalars[0] != scalars[1] else { continue }
            table[scalars[0], default: []].append(scalars[1])
        }
        return table
    }()
}
