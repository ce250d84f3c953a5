import HeadlessUI
import TestSupport

extension ScreenWorld {
    /// Runs one tab bar step, writing it as the code that makes it: a new tab bar, a selection by app code (by
    /// index or by controller, now and then one that is no tab) or by the user, or new tabs.
    func performTabs(_ operation: ScreenOperation, write: (String) -> Void) throws(ViewHierarchyError) {
        let (first, second, third) = (operation.first, operation.second, operation.third)
        if operation.kind == .makeTabs {
            _ = makeTabBar(seed: first)
            return
        }
        guard let tabBar = pickTabBar(first) else { return }
        let name = tabBar.screenName
        // One past the last index, a time in (count + 1): the refusal is worth checking too.
        let index = Int(second % UInt64(tabBar.viewControllers.count + 1))
        switch operation.kind {
        case .selectTab where third % 3 == 0:
            let target = pickTarget(third / 3)
            write("try \(name).select(\(target.screenName))")
            try tabBar.select(target)
        case .selectTab:
            write("try \(name).select(at: \(index))")
            try tabBar.select(at: index)
        case .userSelectTab:
            write("try \(name).userDidSelect(at: \(index))")
            try tabBar.userDidSelect(at: index)
        case .setTabs:
            let list = newStack(for: tabBar, seed: second)
            write("try \(name).setViewControllers([\(list.map(\.screenName).joined(separator: ", "))], animated: false)")
            try tabBar.setViewControllers(list, animated: false)
        default:
            return
        }
    }
}
